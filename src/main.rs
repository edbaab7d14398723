//! `pbrain-tengen`: argument dispatch only.

fn main() {
    std::process::exit(0);
}

//! `pbrain-tengen`: argument dispatch only.

fn main() {
    // No arguments, or ones we do not know (Yixin-Board passes `--force-utf8`):
    // the Gomocup protocol on stdin/stdout.
    std::process::exit(tengen::protocol::run_stdio());
}

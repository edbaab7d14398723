#!/bin/sh
# A minimal pbrain opponent for `play --watch` tests: it answers START with OK and
# always plays the first empty cell in row-major order. Line-by-line `read`, so it
# never waits on buffered input.
n=15
occ=" "
play() {
    y=0
    while [ "$y" -lt "$n" ]; do
        x=0
        while [ "$x" -lt "$n" ]; do
            case "$occ" in
                *" $x,$y "*) ;;
                *) occ="$occ$x,$y "; echo "$x,$y"; return ;;
            esac
            x=$((x + 1))
        done
        y=$((y + 1))
    done
}
while read -r cmd arg; do
    case "$cmd" in
        START) n=$arg; occ=" "; echo OK ;;
        BEGIN) play ;;
        TURN) occ="$occ$arg "; play ;;
        END) exit 0 ;;
    esac
done

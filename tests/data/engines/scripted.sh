#!/usr/bin/env bash
# A scripted pbrain engine for the match-runner tests (bash + coreutils only).
#
#   scripted.sh MODE [FROM] [MOVES...]
#
# It plays the first empty cell scanning row by row from 0,0, and misbehaves on
# purpose from its FROM-th move on (default 1) according to MODE:
#   good      never misbehaves            flood     3000 MESSAGE lines before each move
#   timeout   never answers (sleeps)      noabout   ignores ABOUT, otherwise good
#   crash     exits with status 3         error     answers "ERROR ..."
#   occupied  plays the opponent's stone  offboard  plays x = board size
#   garbage   answers a non-move line     slow      sleeps 0.15 s before each move
#   badstart  answers START with ERROR    script    plays MOVES in order, then scans
#   log       plays well and appends every line it receives to the file MOVES[0]
#   spam      sends MESSAGE lines forever instead of a move
mode=${1:-good}
from=${2:-1}
shift 2 2>/dev/null
script=("$@")
logfile=""
[[ $mode == log ]] && logfile=${script[0]}
size=15
declare -A occ
n=0
last=""

scan() {
    local x y
    for ((y = 0; y < size; y++)); do
        for ((x = 0; x < size; x++)); do
            if [[ -z ${occ[$x,$y]} ]]; then
                occ[$x,$y]=1
                echo "$x,$y"
                return
            fi
        done
    done
}

respond() {
    n=$((n + 1))
    if ((n < from)); then
        scan
        return
    fi
    case $mode in
    timeout) sleep 30 ;;
    crash) exit 3 ;;
    error) echo "ERROR cannot think" ;;
    occupied) if [[ -n $last ]]; then echo "$last"; else scan; fi ;;
    offboard) echo "$size,0" ;;
    garbage) echo "thinking hard" ;;
    spam) while :; do echo "MESSAGE still thinking"; done ;;
    flood)
        for ((i = 0; i < 3000; i++)); do echo "MESSAGE flood line $i"; done
        echo "DEBUG done flooding"
        scan
        ;;
    slow)
        sleep 0.15
        scan
        ;;
    script)
        local m=${script[n - 1]}
        if [[ -n $m && -z ${occ[$m]} ]]; then
            occ[$m]=1
            echo "$m"
        else
            scan
        fi
        ;;
    *) scan ;;
    esac
}

while IFS= read -r line; do
    line=${line%$'\r'}
    [[ -n $logfile ]] && printf '%s\n' "$line" >>"$logfile"
    word=${line%% *}
    case ${word^^} in
    ABOUT) [[ $mode == noabout ]] || echo 'name="scripted", version="1.0", author="tengen tests"' ;;
    START)
        if [[ $mode == badstart ]]; then
            echo "ERROR unsupported size"
        else
            size=${line#* }
            occ=()
            n=0
            last=""
            echo OK
        fi
        ;;
    INFO) ;;
    BEGIN) respond ;;
    TURN)
        last=${line#* }
        occ[$last]=1
        respond
        ;;
    BOARD)
        while IFS= read -r l; do
            l=${l%$'\r'}
            [[ -n $logfile ]] && printf '%s\n' "$l" >>"$logfile"
            [[ ${l^^} == DONE ]] && break
            IFS=, read -r bx by _ <<<"$l"
            occ[$bx,$by]=1
            last="$bx,$by"
        done
        respond
        ;;
    END) exit 0 ;;
    esac
done

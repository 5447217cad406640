# nonet.bash - bash completion for the nonet command.
#
# Installed as share/bash-completion/completions/nonet, where bash-completion
# loads it on first use; or source it from ~/.bashrc.
#
# To add a subcommand: list it in _nonet_commands, give it a case in
# _nonet_options (its options) and, for options that take a value, a case in
# _nonet_values. Keep the lists in step with `nonet CMD --help`.

# shellcheck shell=bash disable=SC2207  # COMPREPLY=($(compgen ...)) is the idiom
_nonet_commands="solve count check convert explain hint rate canon shuffle dedupe generate print"

# The options every command that reads puzzles takes, and the limits of
# the searching ones (cli/options.c: cli_reading_options, cli_limit_options).
_nonet_shared="-f --format -j --jobs --progress --puzzle -O --output-file --box --alphabet"\
" --variant --regions -h --help"
_nonet_limits="--timeout --max-nodes"

# Prints the options of subcommand $1: its own, then the shared ones.
_nonet_options()
{
    case $1 in
        solve) echo "-o --output -e --engine --simd -q --quiet -a --all -l --limit -s --stats" \
                    "-T --no-time $_nonet_limits" ;;
        count) echo "-l --limit -o --output -e --engine --simd -s --stats -T --no-time" \
                    "$_nonet_limits" ;;
        check) echo "-e --engine --simd -n --no-minimal -s --stats $_nonet_limits" ;;
        convert) echo "-o --output" ;;
        explain) echo "-o --output --extra --techniques --timeout --keep-going" ;;
        hint) echo "--level -o --output --extra --techniques --timeout --keep-going" ;;
        rate) echo "-o --output -T --no-time --timeout --keep-going" ;;
        canon) echo "--form -o --output" ;;
        shuffle) echo "--seed -n --copies -o --output" ;;
        dedupe) echo "-c --count --form -o --output" ;;
        generate) echo "-n --count --seed --size --symmetry --clues --no-minimal --hard" \
                       "--hard-steps --rating --difficulty --technique --killer --cage-max" \
                       "--constraints -o --output -s --stats" \
                       "$_nonet_limits" ;;
        print) echo "-o --output --per-page --paper --title --caption --answers --candidates" \
                    "--large-print --font --dpi $_nonet_limits" ;;
        *) return ;;
    esac
    echo "$_nonet_shared"
}

# Prints the values option $1 of subcommand $2 takes; returns 1 when it takes
# none or a file name (--regions: completed as a file), 2 when it takes a value
# that cannot be listed.
_nonet_values()
{
    case $1 in
        -f|--format) echo "line acwing grid luogu poj hdu nonet framed pencil candidates fpuzzles sudokupad" ;;
        -o|--output)
            case $2 in
                count) echo "csv json tdoku" ;;
                explain|hint|rate) echo "json csv" ;;
                print) echo "pdf svg png" ;;
                *) echo "line acwing grid luogu poj hdu pretty unicode framed pencil" \
                        "candidates csv json tdoku nonet fpuzzles fpuzzles-link sudokupad" ;;
            esac ;;
        -e|--engine) echo "auto fast planes bitmask dlx backtrack" ;;
        --simd) echo "scalar sse4.1 avx2 avx512 best" ;;
        --form) echo "minlex pattern" ;;
        --per-page) echo "1 2 4 6" ;;
        --paper) echo "a4 letter" ;;
        --caption) echo "index rating difficulty seed source none" ;;
        --title|--dpi|--font|--puzzle) return 2 ;;
        --progress) echo "auto always never" ;;
        --variant) echo "x hyper disjoint anti-knight anti-king non-consecutive" ;;
        --level) echo "1 2 3" ;;
        --extra) nonet explain --techniques 2>/dev/null | awk '{print $1} END {print "all"}' ;;
        --symmetry) echo "none rotate180 rotate90 mirror flip diagonal anti-diagonal dihedral random" ;;
        --size) echo "4 5 6 7 8 9 10 12 16 25" ;;
        --difficulty) echo "easy medium hard fiendish diabolical nightmare" ;;
        --constraints) echo "cage thermo arrow white-dot black-dot x v" ;;
        --cage-max) [[ $2 == generate ]] && return 2; return 1 ;;
        --technique) nonet explain --techniques 2>/dev/null | awk '!/\(extra\)$/ {print $1}' ;;
        --count|--clues|--hard-steps|--rating) [[ $2 == generate ]] && return 2; return 1 ;;
        -j|--jobs|-l|--limit|--box|--alphabet|--timeout|--max-nodes|--seed|--copies) return 2 ;;
        -n) [[ $2 == shuffle || $2 == generate ]] && return 2; return 1 ;;   # check's -n takes no value
        *) return 1 ;;
    esac
}

_nonet()
{
    local cur prev words cword
    if declare -F _init_completion >/dev/null; then
        _init_completion -n = || return
    else
        cur=${COMP_WORDS[COMP_CWORD]}
        prev=${COMP_WORDS[COMP_CWORD-1]}
        words=("${COMP_WORDS[@]}")
        cword=$COMP_CWORD
    fi

    if ((cword == 1)); then
        COMPREPLY=($(compgen -W "$_nonet_commands help -h --help -V --version" -- "$cur"))
        return
    fi
    if ((cword == 2)) && [[ ${words[1]} == help ]]; then
        COMPREPLY=($(compgen -W "$_nonet_commands" -- "$cur"))
        return
    fi
    local cmd=${words[1]} values status
    # Without bash-completion, bash splits "--format=li" into "--format" "=" "li".
    if [[ $cur == "=" ]]; then
        prev=${words[cword-1]} cur=""
    elif [[ $prev == "=" ]] && ((cword >= 3)); then
        prev=${words[cword-2]}
    fi
    # --option=value: complete the value after '='.
    if [[ $cur == --*=* ]]; then
        values=$(_nonet_values "${cur%%=*}" "$cmd")
        status=$?
        ((status == 0)) && COMPREPLY=($(compgen -W "$values" -- "${cur#*=}"))
        return
    fi
    # generate --regions: a map file, or "random".
    if [[ $prev == --regions && $cmd == generate ]]; then
        COMPREPLY=($(compgen -W random -- "$cur") $(compgen -f -- "$cur"))
        return
    fi
    [[ $prev == --progress ]] && prev="" # its value only as --progress=WHEN
    values=$(_nonet_values "$prev" "$cmd")
    status=$?
    if ((status == 0)); then
        COMPREPLY=($(compgen -W "$values" -- "$cur"))
        return
    fi
    ((status == 2)) && return
    if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "$(_nonet_options "$cmd")" -- "$cur"))
        return
    fi
    COMPREPLY=($(compgen -f -- "$cur"))
    compopt -o filenames 2>/dev/null
}

complete -F _nonet nonet

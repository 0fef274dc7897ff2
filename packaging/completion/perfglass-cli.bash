# bash completion for perfglass-cli. Subcommands, option values and files are completed here; option names
# are read from the installed program's own help (`perfglass-cli help SUBCOMMAND`), so they never go stale.

_perfglass_cli_options() {
    "$1" help "$2" 2>/dev/null | sed -n 's/^ *\(-[^ ]*\).*/\1/p' | tr ',' '\n' | grep -e '^-' | sed 's/=.*//'
}

_perfglass_cli() {
    local cur prev program sub i
    COMPREPLY=()
    cur=${COMP_WORDS[COMP_CWORD]}
    prev=${COMP_WORDS[COMP_CWORD - 1]}
    program=${COMP_WORDS[0]}
    local subcommands="record report script annotate diff archive stat list help"
    sub=
    for ((i = 1; i < COMP_CWORD; i++)); do
        case ${COMP_WORDS[i]} in
        --) # after --: the command to record or count
            [ "$sub" = record ] || [ "$sub" = stat ] || break
            if [ "$i" -eq $((COMP_CWORD - 1)) ]; then
                mapfile -t COMPREPLY < <(compgen -c -- "$cur")
            else
                mapfile -t COMPREPLY < <(compgen -f -- "$cur")
            fi
            return 0
            ;;
        -*) ;;
        *) if [ -z "$sub" ]; then sub=${COMP_WORDS[i]}; fi ;;
        esac
    done
    if [ -z "$sub" ]; then
        mapfile -t COMPREPLY < <(compgen -W "$subcommands --help --version" -- "$cur")
        return 0
    fi
    case $prev in
    --host) # the Host entries of ~/.ssh/config, and the host names bash knows
        mapfile -t COMPREPLY < <(compgen -W "$(sed -n 's/^[[:space:]]*[Hh]ost[[:space:]]\{1,\}//p' \
            ~/.ssh/config 2>/dev/null | tr ' ' '\n' | grep -v '[*?!]')" -- "$cur"; compgen -A hostname -- "$cur")
        return 0
        ;;
    --buildid-dir)
        mapfile -t COMPREPLY < <(compgen -d -- "$cur")
        return 0
        ;;
    -i | --input | -o | --output | --unpack | --kallsyms | --symfs | --sysroot | --cwd | --tracefs-root | --sysfs-root | --ssh-config | --remote-cli)
        mapfile -t COMPREPLY < <(compgen -f -- "$cur")
        return 0
        ;;
    --library-path | --debug-file-directory | --source-path)
        mapfile -t COMPREPLY < <(compgen -d -- "$cur")
        return 0
        ;;
    --sort)
        if [ "$sub" = diff ]; then
            mapfile -t COMPREPLY < <(compgen -W "delta baseline comparison" -- "$cur")
            return 0
        fi
        local prefix=${cur%"${cur##*,}"}
        mapfile -t COMPREPLY < <(compgen -P "$prefix" -W "comm pid tid dso sym cpu" -- "${cur##*,}")
        return 0
        ;;
    -s)
        local prefix=${cur%"${cur##*,}"}
        mapfile -t COMPREPLY < <(compgen -P "$prefix" -W "comm pid tid dso sym cpu" -- "${cur##*,}")
        return 0
        ;;
    -g | --call-graph)
        if [ "$sub" = report ]; then
            mapfile -t COMPREPLY < <(compgen -W "caller callee none" -- "$cur")
            return 0
        elif [ "$prev" = --call-graph ]; then # record's -g is a flag
            mapfile -t COMPREPLY < <(compgen -W "fp dwarf lbr" -- "$cur")
            return 0
        fi
        ;;
    --view)
        if [ "$sub" = diff ]; then
            mapfile -t COMPREPLY < <(compgen -W "flat top-down bottom-up" -- "$cur")
        else
            mapfile -t COMPREPLY < <(compgen -W "top-down bottom-up flat caller-callee= counters" -- "$cur")
        fi
        return 0
        ;;
    --format)
        if [ "$sub" = report ]; then
            mapfile -t COMPREPLY < <(compgen -W "text json collapsed" -- "$cur")
        else
            mapfile -t COMPREPLY < <(compgen -W "text json" -- "$cur")
        fi
        return 0
        ;;
    --cost)
        mapfile -t COMPREPLY < <(compgen -W "period samples" -- "$cur")
        return 0
        ;;
    --normalize)
        mapfile -t COMPREPLY < <(compgen -W "share time" -- "$cur")
        return 0
        ;;
    --syntax)
        mapfile -t COMPREPLY < <(compgen -W "att intel" -- "$cur")
        return 0
        ;;
    -e | --event | --counters)
        mapfile -t COMPREPLY < <(compgen -W "cpu-clock task-clock page-faults minor-faults major-faults \
            context-switches cpu-migrations cycles instructions cache-references cache-misses branches \
            branch-misses" -- "$cur")
        return 0
        ;;
    -F | --freq)
        [ "$sub" = script ] || { mapfile -t COMPREPLY < <(compgen -W "max 99 999 4000" -- "$cur"); return 0; }
        local prefix=${cur%"${cur##*,}"}
        mapfile -t COMPREPLY < <(compgen -P "$prefix" \
            -W "comm pid tid cpu time period event ip sym symoff dso" -- "${cur##*,}")
        return 0
        ;;
    esac
    if [[ $cur == -* ]]; then
        mapfile -t COMPREPLY < <(compgen -W "$(_perfglass_cli_options "$program" "$sub")" -- "$cur")
        return 0
    fi
    case $sub in
    help) mapfile -t COMPREPLY < <(compgen -W "$subcommands" -- "$cur") ;;
    list) mapfile -t COMPREPLY < <(compgen -W "hw sw cache tracepoint pmu" -- "$cur") ;;
    record | stat) mapfile -t COMPREPLY < <(compgen -c -- "$cur") ;;
    *) mapfile -t COMPREPLY < <(compgen -f -- "$cur") ;;
    esac
    return 0
}

complete -F _perfglass_cli perfglass-cli

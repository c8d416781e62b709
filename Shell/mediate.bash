#!/bin/bash

__mediate_cursor_index_in_current_word() {
    local remaining="${COMP_LINE}"

    local word
    for word in "${COMP_WORDS[@]::COMP_CWORD}"; do
        remaining="${remaining##*([[:space:]])"${word}"*([[:space:]])}"
    done

    local -ir index="$((COMP_POINT - ${#COMP_LINE} + ${#remaining}))"
    if [[ "${index}" -le 0 ]]; then
        printf 0
    else
        printf %s "${index}"
    fi
}

# positional arguments:
#
# - 1: the current (sub)command's count of positional arguments
#
# required variables:
#
# - repeating_flags: the repeating flags that the current (sub)command can accept
# - non_repeating_flags: the non-repeating flags that the current (sub)command can accept
# - repeating_options: the repeating options that the current (sub)command can accept
# - non_repeating_options: the non-repeating options that the current (sub)command can accept
# - positional_number: value ignored
# - unparsed_words: unparsed words from the current command line
#
# modified variables:
#
# - non_repeating_flags: remove flags for this (sub)command that are already on the command line
# - non_repeating_options: remove options for this (sub)command that are already on the command line
# - positional_number: set to the current positional number
# - unparsed_words: remove all flags, options, and option values for this (sub)command
__mediate_offer_flags_options() {
    local -ir positional_count="${1}"
    positional_number=0

    local was_flag_option_terminator_seen=false
    local is_parsing_option_value=false

    local -ar unparsed_word_indices=("${!unparsed_words[@]}")
    local -i word_index
    for word_index in "${unparsed_word_indices[@]}"; do
        if "${is_parsing_option_value}"; then
            # This word is an option value:
            # Reset marker for next word iff not currently the last word
            [[ "${word_index}" -ne "${unparsed_word_indices[${#unparsed_word_indices[@]} - 1]}" ]] && is_parsing_option_value=false
            unset "unparsed_words[${word_index}]"
            # Do not process this word as a flag or an option
            continue
        fi

        local word="${unparsed_words["${word_index}"]}"
        if ! "${was_flag_option_terminator_seen}"; then
            case "${word}" in
            --)
                unset "unparsed_words[${word_index}]"
                # by itself -- is a flag/option terminator, but if it is the last word, it is the start of a completion
                if [[ "${word_index}" -ne "${unparsed_word_indices[${#unparsed_word_indices[@]} - 1]}" ]]; then
                    was_flag_option_terminator_seen=true
                fi
                continue
                ;;
            -*)
                # ${word} is a flag or an option
                # If ${word} is an option, mark that the next word to be parsed is an option value
                local option
                for option in "${repeating_options[@]}" "${non_repeating_options[@]}"; do
                    [[ "${word}" = "${option}" ]] && is_parsing_option_value=true && break
                done

                # Remove ${word} from ${non_repeating_flags} or ${non_repeating_options} so it isn't offered again
                local not_found=true
                local -i index
                for index in "${!non_repeating_flags[@]}"; do
                    if [[ "${non_repeating_flags[${index}]}" = "${word}" ]]; then
                        unset "non_repeating_flags[${index}]"
                        non_repeating_flags=("${non_repeating_flags[@]}")
                        not_found=false
                        break
                    fi
                done
                if "${not_found}"; then
                    for index in "${!non_repeating_flags[@]}"; do
                        if [[ "${non_repeating_flags[${index}]}" = "${word}" ]]; then
                            unset "non_repeating_flags[${index}]"
                            non_repeating_flags=("${non_repeating_flags[@]}")
                            break
                        fi
                    done
                fi
                unset "unparsed_words[${word_index}]"
                continue
                ;;
            esac
        fi

        # ${word} is neither a flag, nor an option, nor an option value
        if [[ "${positional_number}" -lt "${positional_count}" || "${positional_count}" -lt 0 ]]; then
            # ${word} is a positional
            ((positional_number++))
            unset "unparsed_words[${word_index}]"
        else
            if [[ -z "${word}" ]]; then
                # Could be completing a flag, option, or subcommand
                positional_number=-1
            else
                # ${word} is a subcommand or invalid, so stop processing this (sub)command
                positional_number=-2
            fi
            break
        fi
    done

    unparsed_words=("${unparsed_words[@]}")

    if\
        ! "${was_flag_option_terminator_seen}"\
        && ! "${is_parsing_option_value}"\
        && [[ ("${cur}" = -* && "${positional_number}" -ge 0) || "${positional_number}" -eq -1 ]]
    then
        COMPREPLY+=($(compgen -W "${repeating_flags[*]} ${non_repeating_flags[*]} ${repeating_options[*]} ${non_repeating_options[*]}" -- "${cur}"))
    fi
}

__mediate_add_completions() {
    local completion
    while IFS='' read -r completion; do
        COMPREPLY+=("${completion}")
    done < <(IFS=$'\n' compgen "${@}" -- "${cur}")
}

__mediate_custom_complete() {
    if [[ -n "${cur}" || -z ${COMP_WORDS[${COMP_CWORD}]} || "${COMP_LINE:${COMP_POINT}:1}" != ' ' ]]; then
        local -ar words=("${COMP_WORDS[@]}")
    else
        local -ar words=("${COMP_WORDS[@]::${COMP_CWORD}}" '' "${COMP_WORDS[@]:${COMP_CWORD}}")
    fi

    "${COMP_WORDS[0]}" "${@}" "${words[@]}"
}

_mediate() {
    local state
    state="$(shopt -p;shopt -po)"
    trap "${state//$'\n'/;}" RETURN
    shopt -s extglob
    set +o history +o posix

    local -xr SAP_SHELL=bash
    local -x SAP_SHELL_VERSION
    SAP_SHELL_VERSION="$(IFS='.';printf %s "${BASH_VERSINFO[*]}")"
    local -r SAP_SHELL_VERSION

    local -r cur="${2}"
    local -r prev="${3}"

    local -i positional_number
    local -a unparsed_words=("${COMP_WORDS[@]:1:${COMP_CWORD}}")

    local -a repeating_flags=()
    local -a non_repeating_flags=(--version -h --help)
    local -a repeating_options=()
    local -a non_repeating_options=()
    __mediate_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    run|validate|check|merge|diff|render|compare|explore|export|report|fmt|init|watch|lsp|version|help)
        # Offer subcommand argument completions
        "_mediate_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'run validate check merge diff render compare explore export report fmt init watch lsp version help' -- "${cur}"))
        ;;
    esac
}

_mediate_run() {
    repeating_flags=()
    non_repeating_flags=(--follow-output-link --version -h --help)
    repeating_options=()
    non_repeating_options=(--mediator --format --output --schedule --max-depth --max-deliveries --max-reactions --max-output --diagnostics-format)
    __mediate_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--mediator')
        __mediate_add_completions -W 'protocol-extension'$'\n''wrapper'$'\n''direct-delegate'$'\n''mesh'$'\n''actor'$'\n''async-stream'$'\n''notification-center'$'\n''combine'$'\n''all'
        return
        ;;
    '--format')
        __mediate_add_completions -W 'transcript'$'\n''log'$'\n''jsonl'
        return
        ;;
    '--output')
        __mediate_add_completions -d
        return
        ;;
    '--schedule')
        return
        ;;
    '--max-depth')
        return
        ;;
    '--max-deliveries')
        return
        ;;
    '--max-reactions')
        return
        ;;
    '--max-output')
        return
        ;;
    '--diagnostics-format')
        __mediate_add_completions -W 'text'$'\n''json'$'\n''github'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    *)
        __mediate_add_completions -o plusdirs -fX '!*.@(scenario)'
        return
        ;;
    esac
}

_mediate_validate() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--diagnostics-format)
    __mediate_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--diagnostics-format')
        __mediate_add_completions -W 'text'$'\n''json'$'\n''github'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    *)
        __mediate_add_completions -o plusdirs -fX '!*.@(scenario)'
        return
        ;;
    esac
}

_mediate_check() {
    repeating_flags=()
    non_repeating_flags=(--follow-output-link --version -h --help)
    repeating_options=()
    non_repeating_options=(--output --mediator --record --junit --jobs --shard --schedule --max-depth --max-deliveries --max-reactions --max-output --diagnostics-format)
    __mediate_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--output')
        __mediate_add_completions -d
        return
        ;;
    '--mediator')
        __mediate_add_completions -W 'protocol-extension'$'\n''wrapper'$'\n''direct-delegate'$'\n''mesh'$'\n''actor'$'\n''async-stream'$'\n''notification-center'$'\n''combine'$'\n''all'
        return
        ;;
    '--record')
        __mediate_add_completions -W 'never'$'\n''missing'$'\n''failed'$'\n''all'
        return
        ;;
    '--junit')
        __mediate_add_completions -f
        return
        ;;
    '--jobs')
        return
        ;;
    '--shard')
        return
        ;;
    '--schedule')
        return
        ;;
    '--max-depth')
        return
        ;;
    '--max-deliveries')
        return
        ;;
    '--max-reactions')
        return
        ;;
    '--max-output')
        return
        ;;
    '--diagnostics-format')
        __mediate_add_completions -W 'text'$'\n''json'$'\n''github'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    *)
        __mediate_add_completions -o plusdirs -fX '!*.@(scenario)'
        return
        ;;
    esac
}

_mediate_merge() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(-o --output)
    __mediate_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '-o'|'--output')
        __mediate_add_completions -f
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    *)
        __mediate_add_completions -f
        return
        ;;
    esac
}

_mediate_diff() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--mediator --against --max-depth --max-deliveries --max-reactions --diagnostics-format)
    __mediate_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--mediator')
        __mediate_add_completions -W 'protocol-extension'$'\n''wrapper'$'\n''direct-delegate'$'\n''mesh'$'\n''actor'$'\n''async-stream'$'\n''notification-center'$'\n''combine'
        return
        ;;
    '--against')
        __mediate_add_completions -W 'protocol-extension'$'\n''wrapper'$'\n''direct-delegate'$'\n''mesh'$'\n''actor'$'\n''async-stream'$'\n''notification-center'$'\n''combine'
        return
        ;;
    '--max-depth')
        return
        ;;
    '--max-deliveries')
        return
        ;;
    '--max-reactions')
        return
        ;;
    '--diagnostics-format')
        __mediate_add_completions -W 'text'$'\n''json'$'\n''github'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    *)
        __mediate_add_completions -f
        return
        ;;
    esac
}

_mediate_render() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--mediator --graph --format --layout --output -o --max-depth --max-deliveries --max-reactions --diagnostics-format)
    __mediate_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--mediator')
        __mediate_add_completions -W 'protocol-extension'$'\n''wrapper'$'\n''direct-delegate'$'\n''mesh'$'\n''actor'$'\n''async-stream'$'\n''notification-center'$'\n''combine'
        return
        ;;
    '--graph')
        __mediate_add_completions -W 'messages'$'\n''logical'$'\n''coupling'$'\n''compare'$'\n''sequence'
        return
        ;;
    '--format')
        __mediate_add_completions -W 'svg'$'\n''png'$'\n''pdf'$'\n''dot'
        return
        ;;
    '--layout')
        __mediate_add_completions -W 'dot'$'\n''neato'$'\n''fdp'$'\n''sfdp'$'\n''circo'$'\n''twopi'
        return
        ;;
    '--output'|'-o')
        __mediate_add_completions -f
        return
        ;;
    '--max-depth')
        return
        ;;
    '--max-deliveries')
        return
        ;;
    '--max-reactions')
        return
        ;;
    '--diagnostics-format')
        __mediate_add_completions -W 'text'$'\n''json'$'\n''github'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __mediate_add_completions -o plusdirs -fX '!*.@(scenario)'
        return
        ;;
    esac
}

_mediate_compare() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--format --max-depth --max-deliveries --max-reactions --diagnostics-format)
    __mediate_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--format')
        __mediate_add_completions -W 'table'$'\n''json'
        return
        ;;
    '--max-depth')
        return
        ;;
    '--max-deliveries')
        return
        ;;
    '--max-reactions')
        return
        ;;
    '--diagnostics-format')
        __mediate_add_completions -W 'text'$'\n''json'$'\n''github'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __mediate_add_completions -o plusdirs -fX '!*.@(scenario)'
        return
        ;;
    esac
}

_mediate_explore() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--mediator --schedules --strategy --depth --seed --shard --format --max-depth --max-deliveries --max-reactions --diagnostics-format)
    __mediate_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--mediator')
        __mediate_add_completions -W 'protocol-extension'$'\n''wrapper'$'\n''direct-delegate'$'\n''mesh'$'\n''actor'$'\n''async-stream'$'\n''notification-center'$'\n''combine'
        return
        ;;
    '--schedules')
        return
        ;;
    '--strategy')
        __mediate_add_completions -W 'random'$'\n''pct'
        return
        ;;
    '--depth')
        return
        ;;
    '--seed')
        return
        ;;
    '--shard')
        return
        ;;
    '--format')
        __mediate_add_completions -W 'text'$'\n''json'
        return
        ;;
    '--max-depth')
        return
        ;;
    '--max-deliveries')
        return
        ;;
    '--max-reactions')
        return
        ;;
    '--diagnostics-format')
        __mediate_add_completions -W 'text'$'\n''json'$'\n''github'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __mediate_add_completions -o plusdirs -fX '!*.@(scenario)'
        return
        ;;
    esac
}

_mediate_export() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--mediator --format --max-depth --max-deliveries --max-reactions --diagnostics-format)
    __mediate_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--mediator')
        __mediate_add_completions -W 'protocol-extension'$'\n''wrapper'$'\n''direct-delegate'$'\n''mesh'$'\n''actor'$'\n''async-stream'$'\n''notification-center'$'\n''combine'
        return
        ;;
    '--format')
        __mediate_add_completions -W 'mermaid'$'\n''plantuml'
        return
        ;;
    '--max-depth')
        return
        ;;
    '--max-deliveries')
        return
        ;;
    '--max-reactions')
        return
        ;;
    '--diagnostics-format')
        __mediate_add_completions -W 'text'$'\n''json'$'\n''github'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __mediate_add_completions -o plusdirs -fX '!*.@(scenario)'
        return
        ;;
    esac
}

_mediate_report() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--output -o --max-output --schedules --max-depth --max-deliveries --max-reactions --diagnostics-format)
    __mediate_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--output'|'-o')
        __mediate_add_completions -f
        return
        ;;
    '--max-output')
        return
        ;;
    '--schedules')
        return
        ;;
    '--max-depth')
        return
        ;;
    '--max-deliveries')
        return
        ;;
    '--max-reactions')
        return
        ;;
    '--diagnostics-format')
        __mediate_add_completions -W 'text'$'\n''json'$'\n''github'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    *)
        __mediate_add_completions -o plusdirs -fX '!*.@(scenario)'
        return
        ;;
    esac
}

_mediate_fmt() {
    repeating_flags=()
    non_repeating_flags=(--check --version -h --help)
    repeating_options=()
    non_repeating_options=(--diagnostics-format)
    __mediate_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--diagnostics-format')
        __mediate_add_completions -W 'text'$'\n''json'$'\n''github'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    *)
        __mediate_add_completions -o plusdirs -fX '!*.@(scenario)'
        return
        ;;
    esac
}

_mediate_init() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __mediate_offer_flags_options 1
}

_mediate_watch() {
    repeating_flags=()
    non_repeating_flags=(--check --serve --allow-remote --version -h --help)
    repeating_options=()
    non_repeating_options=(--mediator --output --goldens --host --port --timeout --max-depth --max-deliveries --max-reactions --max-output --diagnostics-format)
    __mediate_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--mediator')
        __mediate_add_completions -W 'protocol-extension'$'\n''wrapper'$'\n''direct-delegate'$'\n''mesh'$'\n''actor'$'\n''async-stream'$'\n''notification-center'$'\n''combine'$'\n''all'
        return
        ;;
    '--output')
        __mediate_add_completions -d
        return
        ;;
    '--goldens')
        __mediate_add_completions -d
        return
        ;;
    '--host')
        return
        ;;
    '--port')
        return
        ;;
    '--timeout')
        return
        ;;
    '--max-depth')
        return
        ;;
    '--max-deliveries')
        return
        ;;
    '--max-reactions')
        return
        ;;
    '--max-output')
        return
        ;;
    '--diagnostics-format')
        __mediate_add_completions -W 'text'$'\n''json'$'\n''github'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    *)
        __mediate_add_completions -o plusdirs -fX '!*.@(scenario)'
        return
        ;;
    esac
}

_mediate_lsp() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __mediate_offer_flags_options 0
}

_mediate_version() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __mediate_offer_flags_options 0
}

_mediate_help() {
    repeating_flags=()
    non_repeating_flags=(--version)
    repeating_options=()
    non_repeating_options=()
    __mediate_offer_flags_options -1
}

complete -o filenames -F _mediate mediate

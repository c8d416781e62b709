function __mediate_should_offer_completions_for_flags_or_options -a expected_commands
    set -l non_repeating_flags_or_options $argv[2..]
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __mediate_parse_tokens
    test "$commands" = "$expected_commands"; and return $non_repeating_flags_or_options_absent
end

function __mediate_should_offer_completions_for_positional -a expected_commands positional_index_comparison expected_positional_index
    set -l non_repeating_flags_or_options
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __mediate_parse_tokens
    test "$commands" = "$expected_commands" -a \( "$positional_index" "$positional_index_comparison" "$expected_positional_index" \)
end

function __mediate_parse_tokens -S
    set -l unparsed_tokens (__mediate_tokens -pc)
    switch $unparsed_tokens[1]
    case 'mediate'
        __mediate_parse_subcommand 0 'version' 'h/help'
        switch $unparsed_tokens[1]
        case 'run'
            __mediate_parse_subcommand -r 1 'mediator=' 'format=' 'output=' 'follow-output-link' 'schedule=' 'max-depth=' 'max-deliveries=' 'max-reactions=' 'max-output=' 'diagnostics-format=' 'version' 'h/help'
        case 'validate'
            __mediate_parse_subcommand -r 1 'diagnostics-format=' 'version' 'h/help'
        case 'check'
            __mediate_parse_subcommand -r 1 'output=' 'follow-output-link' 'mediator=' 'record=' 'junit=' 'jobs=' 'shard=' 'schedule=' 'max-depth=' 'max-deliveries=' 'max-reactions=' 'max-output=' 'diagnostics-format=' 'version' 'h/help'
        case 'merge'
            __mediate_parse_subcommand -r 1 'o/output=' 'version' 'h/help'
        case 'diff'
            __mediate_parse_subcommand -r 1 'mediator=' 'against=' 'max-depth=' 'max-deliveries=' 'max-reactions=' 'diagnostics-format=' 'version' 'h/help'
        case 'render'
            __mediate_parse_subcommand 1 'mediator=' 'graph=' 'format=' 'layout=' 'o/output=' 'max-depth=' 'max-deliveries=' 'max-reactions=' 'diagnostics-format=' 'version' 'h/help'
        case 'compare'
            __mediate_parse_subcommand 1 'format=' 'max-depth=' 'max-deliveries=' 'max-reactions=' 'diagnostics-format=' 'version' 'h/help'
        case 'explore'
            __mediate_parse_subcommand 1 'mediator=' 'schedules=' 'strategy=' 'depth=' 'seed=' 'shard=' 'format=' 'max-depth=' 'max-deliveries=' 'max-reactions=' 'diagnostics-format=' 'version' 'h/help'
        case 'export'
            __mediate_parse_subcommand 1 'mediator=' 'format=' 'max-depth=' 'max-deliveries=' 'max-reactions=' 'diagnostics-format=' 'version' 'h/help'
        case 'report'
            __mediate_parse_subcommand -r 1 'o/output=' 'max-output=' 'schedules=' 'max-depth=' 'max-deliveries=' 'max-reactions=' 'diagnostics-format=' 'version' 'h/help'
        case 'fmt'
            __mediate_parse_subcommand -r 1 'check' 'diagnostics-format=' 'version' 'h/help'
        case 'init'
            __mediate_parse_subcommand 1 'version' 'h/help'
        case 'watch'
            __mediate_parse_subcommand -r 1 'mediator=' 'output=' 'check' 'goldens=' 'serve' 'host=' 'port=' 'allow-remote' 'timeout=' 'max-depth=' 'max-deliveries=' 'max-reactions=' 'max-output=' 'diagnostics-format=' 'version' 'h/help'
        case 'lsp'
            __mediate_parse_subcommand 0 'version' 'h/help'
        case 'version'
            __mediate_parse_subcommand 0 'version' 'h/help'
        case 'help'
            __mediate_parse_subcommand -r 1 'version'
        end
    end
end

function __mediate_tokens
    if test (string split -m 1 -f 1 -- . "$FISH_VERSION") -gt 3
        commandline --tokens-raw $argv
    else
        commandline -o $argv
    end
end

function __mediate_parse_subcommand -S -a positional_count
    argparse -s r -- $argv
    set -l option_specs $argv[2..]
    set -l is_repeating_positional $_flag_r
    set -el _flag_r
    set -a commands $unparsed_tokens[1]
    set positional_index 0
    while true
        set -e unparsed_tokens[1]
        argparse -sn "$commands" $option_specs -- $unparsed_tokens 2> /dev/null
        set unparsed_tokens $argv
        set positional_index (math $positional_index + 1)
        for non_repeating_flag_or_option in $non_repeating_flags_or_options
            if set -ql "_flag_$(string replace -a - _ -- $non_repeating_flag_or_option)"
                set non_repeating_flags_or_options_absent 1
                break
            end
        end
        test (count $unparsed_tokens) -eq 0 -o \( -z "$is_repeating_positional" -a "$positional_index" -gt "$positional_count" \) && break
    end
end

function __mediate_complete_directories
    set -l token (commandline -t)
    string match -- '*/' $token
    set -l subdirs $token*/
    printf %s\n $subdirs
end

function __mediate_custom_completion
    set -x SAP_SHELL fish
    set -x SAP_SHELL_VERSION $FISH_VERSION
    set -l tokens (__mediate_tokens -p)
    if test -z "$(__mediate_tokens -t)"
        set -l index (count (__mediate_tokens -pc))
        set tokens $tokens[..$index] \'\' $tokens[(math $index + 1)..]
    end
    command $tokens[1] $argv $tokens
end

complete -c 'mediate' -f
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate" version' -l 'version' -d 'Show the version.'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_positional "mediate" -eq 1' -fa 'run' -d 'Run scenario files and write their transcripts.'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_positional "mediate" -eq 1' -fa 'validate' -d 'Check scenario files without running them.'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_positional "mediate" -eq 1' -fa 'check' -d 'Run every scenario under every design and compare with the committed goldens.'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_positional "mediate" -eq 1' -fa 'merge' -d 'Join the results of \'check --shard K/N\' or \'explore --shard K/N\' into one result and one verdict.'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_positional "mediate" -eq 1' -fa 'diff' -d 'Show how two transcripts, or one scenario under two designs, differ.'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_positional "mediate" -eq 1' -fa 'render' -d 'Draw a scenario\'s message flow, coupling or sequence diagram.'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_positional "mediate" -eq 1' -fa 'compare' -d 'Compare the coupling and behaviour of the eight designs on one scenario.'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_positional "mediate" -eq 1' -fa 'explore' -d 'Run a scenario under many schedules of an asynchronous design and report what breaks.'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_positional "mediate" -eq 1' -fa 'export' -d 'Write a run as a Mermaid or PlantUML sequence diagram.'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_positional "mediate" -eq 1' -fa 'report' -d 'Write one self-contained HTML page about every scenario.'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_positional "mediate" -eq 1' -fa 'fmt' -d 'Rewrite scenario files in the canonical layout, keeping their comments.'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_positional "mediate" -eq 1' -fa 'init' -d 'Write a commented starter scenario.'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_positional "mediate" -eq 1' -fa 'watch' -d 'Run scenarios again each time they are saved; serve their report page with --serve.'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_positional "mediate" -eq 1' -fa 'lsp' -d 'Serve editors as a language server (LSP) over standard input and output.'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_positional "mediate" -eq 1' -fa 'version' -d 'Print the version, how the binary was built and what it needs at run time.'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_positional "mediate" -eq 1' -fa 'help' -d 'Show subcommand help information.'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_positional "mediate run" -ge 1' -fa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'scenario\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate run" mediator' -l 'mediator' -d 'The design to run under, or \'all\' for every design (default: the scenario\'s own).' -rfka 'protocol-extension wrapper direct-delegate mesh actor async-stream notification-center combine all'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate run" format' -l 'format' -d 'What to write.' -rfka 'transcript log jsonl'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate run" output' -l 'output' -d 'Write files under this folder (made if missing) instead of standard output.' -rfa '(__mediate_complete_directories)'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate run" follow-output-link' -l 'follow-output-link' -d 'Write into --output even when it is a symbolic link, where the link leads (refused otherwise).'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate run" schedule' -l 'schedule' -d 'The order an asynchronous design\'s jobs run in: fixed, random:SEED, pct:SEED:DEPTH:STEPS, or replay:CHOICES (choices joined by \'.\'). A synchronous design runs the same under any.' -rfka ''
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate run" max-depth' -l 'max-depth' -d 'The deepest reaction chain allowed, in sends.' -rfka ''
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate run" max-deliveries' -l 'max-deliveries' -d 'The most deliveries a run may make.' -rfka ''
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate run" max-reactions' -l 'max-reactions' -d 'The most reactions a run may test against its messages (each reaction on the message\'s name or any, guard or not).' -rfka ''
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate run" max-output' -l 'max-output' -d 'The most bytes each run may write (K, M, G: binary multiples).' -rfka ''
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate run" diagnostics-format' -l 'diagnostics-format' -d 'How to write errors: text (for people), json (one object per line), github (annotations).' -rfka 'text json github'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate run" version' -l 'version' -d 'Show the version.'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate run" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_positional "mediate validate" -ge 1' -fa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'scenario\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate validate" diagnostics-format' -l 'diagnostics-format' -d 'How to write errors: text (for people), json (one object per line), github (annotations).' -rfka 'text json github'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate validate" version' -l 'version' -d 'Show the version.'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate validate" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_positional "mediate check" -ge 1' -fa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'scenario\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate check" output' -l 'output' -d 'The goldens\' folder (--record makes it if missing).' -rfa '(__mediate_complete_directories)'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate check" follow-output-link' -l 'follow-output-link' -d 'Record into --output even when it is a symbolic link, where the link leads (refused otherwise).'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate check" mediator' -l 'mediator' -d 'The design to check under, or \'all\' for every design (default: all).' -rfka 'protocol-extension wrapper direct-delegate mesh actor async-stream notification-center combine all'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate check" record' -l 'record' -d 'When to write goldens.' -rfka 'never missing failed all'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate check" junit' -l 'junit' -d 'Also write a JUnit XML report to this file (\'-\': standard output).' -rF
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate check" jobs' -l 'jobs' -d 'How many runs at once (default: the number of cores).' -rfka ''
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate check" shard' -l 'shard' -d 'Check only part K of N of the scenario files (see above).' -rfka ''
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate check" schedule' -l 'schedule' -d 'The order an asynchronous design\'s jobs run in: fixed, random:SEED, pct:SEED:DEPTH:STEPS, or replay:CHOICES (choices joined by \'.\'). A synchronous design runs the same under any.' -rfka ''
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate check" max-depth' -l 'max-depth' -d 'The deepest reaction chain allowed, in sends.' -rfka ''
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate check" max-deliveries' -l 'max-deliveries' -d 'The most deliveries a run may make.' -rfka ''
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate check" max-reactions' -l 'max-reactions' -d 'The most reactions a run may test against its messages (each reaction on the message\'s name or any, guard or not).' -rfka ''
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate check" max-output' -l 'max-output' -d 'The most bytes each run may write (K, M, G: binary multiples).' -rfka ''
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate check" diagnostics-format' -l 'diagnostics-format' -d 'How to write errors: text (for people), json (one object per line), github (annotations).' -rfka 'text json github'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate check" version' -l 'version' -d 'Show the version.'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate check" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_positional "mediate merge" -ge 1' -F
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate merge" o output' -s 'o' -l 'output' -d 'Where to write the merged report or result (\'-\': standard output).' -rF
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate merge" version' -l 'version' -d 'Show the version.'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate merge" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_positional "mediate diff" -ge 1' -F
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate diff" mediator' -l 'mediator' -d 'With one scenario: the design to show.' -rfka 'protocol-extension wrapper direct-delegate mesh actor async-stream notification-center combine'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate diff" against' -l 'against' -d 'With one scenario: the design to compare against (the \'---\' side).' -rfka 'protocol-extension wrapper direct-delegate mesh actor async-stream notification-center combine'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate diff" max-depth' -l 'max-depth' -d 'The deepest reaction chain allowed, in sends.' -rfka ''
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate diff" max-deliveries' -l 'max-deliveries' -d 'The most deliveries a run may make.' -rfka ''
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate diff" max-reactions' -l 'max-reactions' -d 'The most reactions a run may test against its messages (each reaction on the message\'s name or any, guard or not).' -rfka ''
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate diff" diagnostics-format' -l 'diagnostics-format' -d 'How to write errors: text (for people), json (one object per line), github (annotations).' -rfka 'text json github'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate diff" version' -l 'version' -d 'Show the version.'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate diff" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_positional "mediate render" -eq 1' -fa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'scenario\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate render" mediator' -l 'mediator' -d 'The design to draw (default: the scenario\'s own).' -rfka 'protocol-extension wrapper direct-delegate mesh actor async-stream notification-center combine'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate render" graph' -l 'graph' -d 'Which diagram.' -rfka 'messages logical coupling compare sequence'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate render" format' -l 'format' -d 'What to write (default: from -o\'s extension, else svg).' -rfka 'svg png pdf dot'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate render" layout' -l 'layout' -d 'Graphviz\'s layout engine (default: dot; twopi for a coupling graph past 200 objects; compare takes dot only).' -rfka 'dot neato fdp sfdp circo twopi'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate render" o output' -l 'output' -s 'o' -d 'Write to this file (\'-\': standard output, the default).' -rF
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate render" max-depth' -l 'max-depth' -d 'The deepest reaction chain allowed, in sends.' -rfka ''
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate render" max-deliveries' -l 'max-deliveries' -d 'The most deliveries a run may make.' -rfka ''
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate render" max-reactions' -l 'max-reactions' -d 'The most reactions a run may test against its messages (each reaction on the message\'s name or any, guard or not).' -rfka ''
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate render" diagnostics-format' -l 'diagnostics-format' -d 'How to write errors: text (for people), json (one object per line), github (annotations).' -rfka 'text json github'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate render" version' -l 'version' -d 'Show the version.'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate render" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_positional "mediate compare" -eq 1' -fa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'scenario\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate compare" format' -l 'format' -d 'How to print the comparison.' -rfka 'table json'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate compare" max-depth' -l 'max-depth' -d 'The deepest reaction chain allowed, in sends.' -rfka ''
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate compare" max-deliveries' -l 'max-deliveries' -d 'The most deliveries a run may make.' -rfka ''
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate compare" max-reactions' -l 'max-reactions' -d 'The most reactions a run may test against its messages (each reaction on the message\'s name or any, guard or not).' -rfka ''
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate compare" diagnostics-format' -l 'diagnostics-format' -d 'How to write errors: text (for people), json (one object per line), github (annotations).' -rfka 'text json github'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate compare" version' -l 'version' -d 'Show the version.'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate compare" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_positional "mediate explore" -eq 1' -fa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'scenario\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate explore" mediator' -l 'mediator' -d 'The design to run under (default: the scenario\'s own).' -rfka 'protocol-extension wrapper direct-delegate mesh actor async-stream notification-center combine'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate explore" schedules' -l 'schedules' -d 'How many schedules to run, the first fixed.' -rfka ''
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate explore" strategy' -l 'strategy' -d 'How the schedules after the first are drawn: random, or pct (probabilistic concurrency testing).' -rfka 'random pct'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate explore" depth' -l 'depth' -d 'With --strategy pct, the bug depth: how many orderings must line up, 1 to 1000 (default: 3).' -rfka ''
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate explore" seed' -l 'seed' -d 'The seed of the second schedule; each next one takes the next number.' -rfka ''
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate explore" shard' -l 'shard' -d 'Run part K of N of the schedules, for N CI jobs whose --format json results \'mediate merge\' joins.' -rfka ''
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate explore" format' -l 'format' -d 'How to print the exploration.' -rfka 'text json'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate explore" max-depth' -l 'max-depth' -d 'The deepest reaction chain allowed, in sends.' -rfka ''
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate explore" max-deliveries' -l 'max-deliveries' -d 'The most deliveries a run may make.' -rfka ''
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate explore" max-reactions' -l 'max-reactions' -d 'The most reactions a run may test against its messages (each reaction on the message\'s name or any, guard or not).' -rfka ''
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate explore" diagnostics-format' -l 'diagnostics-format' -d 'How to write errors: text (for people), json (one object per line), github (annotations).' -rfka 'text json github'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate explore" version' -l 'version' -d 'Show the version.'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate explore" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_positional "mediate export" -eq 1' -fa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'scenario\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate export" mediator' -l 'mediator' -d 'The design to run under (default: the scenario\'s own).' -rfka 'protocol-extension wrapper direct-delegate mesh actor async-stream notification-center combine'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate export" format' -l 'format' -d 'The diagram language.' -rfka 'mermaid plantuml'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate export" max-depth' -l 'max-depth' -d 'The deepest reaction chain allowed, in sends.' -rfka ''
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate export" max-deliveries' -l 'max-deliveries' -d 'The most deliveries a run may make.' -rfka ''
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate export" max-reactions' -l 'max-reactions' -d 'The most reactions a run may test against its messages (each reaction on the message\'s name or any, guard or not).' -rfka ''
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate export" diagnostics-format' -l 'diagnostics-format' -d 'How to write errors: text (for people), json (one object per line), github (annotations).' -rfka 'text json github'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate export" version' -l 'version' -d 'Show the version.'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate export" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_positional "mediate report" -ge 1' -fa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'scenario\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate report" o output' -l 'output' -s 'o' -d 'Write the page to this file (\'-\': standard output, the default).' -rF
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate report" max-output' -l 'max-output' -d 'The most bytes of transcripts the page may show, all together (K, M, G: binary multiples).' -rfka ''
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate report" schedules' -l 'schedules' -d 'How many schedules to explore a scenario with a together block under, for its Outcomes (0: none).' -rfka ''
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate report" max-depth' -l 'max-depth' -d 'The deepest reaction chain allowed, in sends.' -rfka ''
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate report" max-deliveries' -l 'max-deliveries' -d 'The most deliveries a run may make.' -rfka ''
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate report" max-reactions' -l 'max-reactions' -d 'The most reactions a run may test against its messages (each reaction on the message\'s name or any, guard or not).' -rfka ''
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate report" diagnostics-format' -l 'diagnostics-format' -d 'How to write errors: text (for people), json (one object per line), github (annotations).' -rfka 'text json github'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate report" version' -l 'version' -d 'Show the version.'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate report" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_positional "mediate fmt" -ge 1' -fa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'scenario\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate fmt" check' -l 'check' -d 'Write nothing; show a diff and exit 1 when a file is not formatted.'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate fmt" diagnostics-format' -l 'diagnostics-format' -d 'How to write errors: text (for people), json (one object per line), github (annotations).' -rfka 'text json github'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate fmt" version' -l 'version' -d 'Show the version.'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate fmt" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate init" version' -l 'version' -d 'Show the version.'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate init" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_positional "mediate watch" -ge 1' -fa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'scenario\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate watch" mediator' -l 'mediator' -d 'The design to run under, or \'all\' for every design (default: the scenario\'s own).' -rfka 'protocol-extension wrapper direct-delegate mesh actor async-stream notification-center combine all'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate watch" output' -l 'output' -d 'Write each run\'s files under this folder, as \'run --output\' does.' -rfa '(__mediate_complete_directories)'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate watch" check' -l 'check' -d 'Also compare each changed scenario with its goldens, as \'check\' does.'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate watch" goldens' -l 'goldens' -d 'The goldens\' folder for --check.' -rfa '(__mediate_complete_directories)'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate watch" serve' -l 'serve' -d 'Serve the report page, reloaded on every change.'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate watch" host' -l 'host' -d 'The address --serve listens on: loopback unless --allow-remote is given.' -rfka ''
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate watch" port' -l 'port' -d 'The port --serve listens on (0: any free port). (default: 8347)' -rfka ''
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate watch" allow-remote' -l 'allow-remote' -d 'Let --host be an address other machines can reach: they can then read the scenarios.'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate watch" timeout' -l 'timeout' -d 'The longest a change may run, in seconds; then its run is stopped.' -rfka ''
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate watch" max-depth' -l 'max-depth' -d 'The deepest reaction chain allowed, in sends.' -rfka ''
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate watch" max-deliveries' -l 'max-deliveries' -d 'The most deliveries a run may make.' -rfka ''
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate watch" max-reactions' -l 'max-reactions' -d 'The most reactions a run may test against its messages (each reaction on the message\'s name or any, guard or not).' -rfka ''
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate watch" max-output' -l 'max-output' -d 'The most bytes each run may write (K, M, G: binary multiples).' -rfka ''
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate watch" diagnostics-format' -l 'diagnostics-format' -d 'How to write errors: text (for people), json (one object per line), github (annotations).' -rfka 'text json github'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate watch" version' -l 'version' -d 'Show the version.'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate watch" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate lsp" version' -l 'version' -d 'Show the version.'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate lsp" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate version" version' -l 'version' -d 'Show the version.'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate version" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'mediate' -n '__mediate_should_offer_completions_for_flags_or_options "mediate help" version' -l 'version' -d 'Show the version.'

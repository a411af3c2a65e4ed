# swift_test_summary LABEL TITLE LOG STATUS [PATTERN]: sums up a `swift test`
# run for scripts/test.sh, from its output in LOG and its exit status STATUS:
# the failing tests' lines (and those matching the extended regular
# expression PATTERN), indented and marked [LABEL] so that test.sh's own count
# of Swift failures does not take them twice; "TITLE: swift test exited
# STATUS"; the end of LOG if the run never finished; and one "N passed, M
# failed" line. Fails unless every test passed. Bash; source it, do not run it.
swift_test_summary() {
    local label=$1 title=$2 log=$3 status=$4 pattern=${5:-'^✘ '} total failed
    total=$(grep -oE 'Test run with [0-9]+ tests?' "$log" | grep -oE '[0-9]+' | head -n 1)
    failed=$(grep -E '^✘ Test .* failed after' "$log" | grep -cv '^✘ Test run ')
    grep -E "^✘ |$pattern" "$log" | sed "s/^/  [$label] /"
    echo "$title: swift test exited $status"
    if [ -z "$total" ]; then
        tail -n 30 "$log" | sed "s/^/  [$label] /"
        total=0
        failed=$(( failed > 0 ? failed : 1 ))
    fi
    echo "$(( total - failed )) passed, $failed failed"
    [ "$status" -eq 0 ] && [ "$failed" -eq 0 ]
}

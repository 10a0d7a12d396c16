# Shared helpers for the CLI contract scripts (sourced, not run).
# Provides a temporary directory $tmp (removed on exit), counters and:
#   ok / ko MESSAGE, expect_eq NAME EXPECTED ACTUAL, expect_match NAME REGEX ACTUAL,
#   finish LABEL (prints the tally; the script's status is 0 only if nothing failed).
# and $nb, the non-breaking space (U+00A0, as UTF-8 bytes whatever the locale)
# French typography puts before : ; ! ? and inside « ».
passed=0
failed=0
nb=$'\xc2\xa0'
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

ok() { passed=$((passed + 1)); }
ko() { failed=$((failed + 1)); echo "FAIL: $*" >&2; }
expect_eq() {  # NAME EXPECTED ACTUAL
  if [ "$2" == "$3" ]; then ok; else ko "$1: expected [$2], got [$3]"; fi
}
expect_match() {  # NAME REGEX ACTUAL
  if [[ "$3" =~ $2 ]]; then ok; else ko "$1: [$3] does not match /$2/"; fi
}
finish() {  # LABEL
  echo "$1: $passed passed, $failed failed"
  [ "$failed" -eq 0 ]
}

#!/usr/bin/env bash
# Runs each cargo fuzz target for SECONDS (default 60) from seed corpora built from the
# repository and ../shared/regression, then copies every crash into tests/fuzz_regressions/
# (replayed by `cargo test`). Needs the nightly toolchain and `cargo install cargo-fuzz`.
#   scripts/fuzz.sh [SECONDS] [TARGET...]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
targets=("${@:-gtp sgf db}")
targets=(${targets[@]})
shared=../shared/regression

mkdir -p fuzz/corpus/gtp fuzz/corpus/sgf fuzz/corpus/db
# Seeds: the regression suites' command lines, their game records, the pattern databases.
if [ -d "$shared" ]; then
  for t in "$shared"/*.tst; do
    # Move generation is real work, not parsing: leave it to the mutations to find.
    grep -v '^#' "$t" | sed 's/^[0-9]* *//' | grep -v -E '^(loadsgf|reg_genmove|genmove|restricted_genmove)' | head -40 \
      > "fuzz/corpus/gtp/$(basename "$t" .tst)" || true
  done
  for g in $(ls "$shared"/games/*.sgf | head -200); do
    cp "$g" fuzz/corpus/sgf/ 2>/dev/null || true
  done
fi
cp tests/data/*.sgf fuzz/corpus/sgf/
for f in patterns/*.db; do cp "$f" "fuzz/corpus/db/patterns-$(basename "$f")"; done
for f in pattern-dsl/tests/fixtures/*.db; do cp "$f" "fuzz/corpus/db/fixture-$(basename "$f")"; done

for t in "${targets[@]}"; do
  echo "== $t: ${seconds}s"
  # Each execution is bounded by libFuzzer's -timeout (a hang is a finding too).
  # An absolute corpus path: the gtp target changes its working directory (its `printsgf`
  # files must not land in the repository), and libFuzzer reads and writes the corpus later.
  cargo +nightly fuzz run "$t" "$PWD/fuzz/corpus/$t" -- \
    -max_total_time="$seconds" -timeout=20 -rss_limit_mb=4096 -print_final_stats=1 \
    2>&1 | tee "fuzz/$t.log" | grep -E '^#[0-9]+ *(DONE|INITED)|stat::|SUMMARY|==ERROR' || true
  # Crashes, timeouts and memory blow-ups are findings; libFuzzer's "slow units" are not.
  for crash in fuzz/artifacts/"$t"/crash-* fuzz/artifacts/"$t"/timeout-* fuzz/artifacts/"$t"/oom-*; do
    [ -f "$crash" ] || continue
    cp "$crash" "tests/fuzz_regressions/$t-$(basename "$crash")"
    echo "crash kept: tests/fuzz_regressions/$t-$(basename "$crash")"
  done
done

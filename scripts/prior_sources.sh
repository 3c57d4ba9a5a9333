#!/usr/bin/env bash
# What each source of the search's priors is worth: the same games (same seeds, same
# colours) against one opponent, once with every source and once without each, then one
# line per arm from `tesuji match merge`.
#
#   scripts/prior_sources.sh OUT_DIR GAMES [SIZE] [OPPONENT] [ARM...]
#
# An arm is a name from the list below; without ARM arguments every arm runs, one after the
# other (each engine on one core: `--threads 1`). To spread the arms over machines, give
# each machine its arms; to spread one arm, run `tesuji match ... --shard K/N` by hand with
# the same flags and merge the JSON files. Re-running skips the arms whose JSON exists, and
# those another run is playing (their JSON.part exists).
# TESUJI=PATH plays another binary (a copy keeps a long run safe from rebuilds);
# FIRST_SEED=N starts at another seed (default 901).
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:?output directory}
games=${2:?number of games}
size=${3:-19}
opponent=${4:-/usr/games/gnugo --mode gtp --quiet --level 1}
shift $(( $# < 4 ? $# : 4 ))

# name | tesuji flags
arms=(
  "all|"
  "no-model|--no-prior"
  "no-classical-root|--root-model-share 1"
  "no-tactics|--without-stage tactics"
  "no-dragons|--without-stage dragons"
  "no-connection|--without-stage connection"
  "no-eyes|--without-stage eyes"
  "no-opening|--without-stage opening"
  "no-joseki|--without-stage joseki"
  "no-efficiency|--without-stage efficiency"
)
wanted=("$@")

komi=7
[ "$size" -gt 9 ] && komi=6.5
tesuji=${TESUJI:-target/release/tesuji}
first_seed=${FIRST_SEED:-901}
[ -x "$tesuji" ] || cargo build --release
mkdir -p "$out"
for arm in "${arms[@]}"; do
  name=${arm%%|*}
  flags=${arm#*|}
  if [ ${#wanted[@]} -gt 0 ] && [[ ! " ${wanted[*]} " == *" $name "* ]]; then
    continue
  fi
  [ -f "$out/$name.json" ] && continue
  # Another run of this script may be playing the arm (two runs sharing OUT).
  if [ -f "$out/$name.json.part" ]; then
    echo "== $name: skipped, $out/$name.json.part exists (another run, or a stopped one: remove it to play the arm again)"
    continue
  fi
  echo "== $name: $flags"
  "$tesuji" match --opponent "$opponent" --games "$games" --size "$size" --komi "$komi" \
    --jobs 1 --first-seed "$first_seed" --tesuji-args "--threads 1 $flags" \
    --json "$out/$name.json.part" --out "$out/$name-games" | tail -3
  mv "$out/$name.json.part" "$out/$name.json"
done
shopt -s nullglob
for f in "$out"/*.json; do
  printf '%-20s ' "$(basename "$f" .json)"
  "$tesuji" match merge "$f" | grep '^tesuji won'
done

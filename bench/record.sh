#!/bin/sh
# Recording overhead of perfglass-cli against `perf record` with the same options, in one run, on the workload of
# bench/workload.cpp (design.md, "Performance targets"):
#   fixed cost  `record -o x.data -- true`                        target <= 0.1 s
#   fixed work  `workload-fp -6000 2`, cpu-clock 4000 Hz, -g       target <= 1.05x unprofiled, below perf's ratio
#   fixed work  `workload-nofp -6000 2`, --call-graph dwarf        target <= 1.08x unprofiled, below perf's ratio
#   no lost samples; bytes per FP sample <= perf's (issue 16); bytes per DWARF sample <= 1/3 of perf's.
# Uses hyperfine (apt-get install hyperfine). Usage: bench/record.sh [BUILD_DIR]   (RUNS=N to change the runs)
set -eu

build=${1:-build}
runs=${RUNS:-3}
cli=$build/cli/perfglass-cli
fp=$build/bench/workload-fp
nofp=$build/bench/workload-nofp
for tool in "$cli" "$fp" "$nofp"; do
  [ -x "$tool" ] || { echo "record.sh: $tool is missing; build perfglass-cli workload-fp workload-nofp" >&2; exit 1; }
done
command -v hyperfine >/dev/null || { echo "record.sh: hyperfine is not installed" >&2; exit 1; }
command -v perf >/dev/null || { echo "record.sh: perf is not installed (linux-perf)" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
events="-e cpu-clock -F 4000"

hyperfine -N --style basic --runs "$runs" --warmup 1 --export-json "$work/fixed.json" \
  -n perfglass "$cli record -o $work/x.data -- true" \
  -n perf "perf record -q -o $work/y.data -- true" >/dev/null

hyperfine -N --style basic --runs "$runs" --export-json "$work/fp.json" \
  -n unprofiled "$fp -6000 2" \
  -n perfglass "$cli record $events -g -o $work/fp-pg.data -- $fp -6000 2" \
  -n perf "perf record -q $events -g -o $work/fp-perf.data -- $fp -6000 2" \
  -n floor "$cli record $events -o $work/fp-floor.data -- $fp -6000 2" >/dev/null

hyperfine -N --style basic --runs "$runs" --export-json "$work/dwarf.json" \
  -n unprofiled "$nofp -6000 2" \
  -n perfglass "$cli record $events --call-graph dwarf -o $work/dwarf-pg.data -- $nofp -6000 2" \
  -n perf "perf record -q $events --call-graph dwarf -o $work/dwarf-perf.data -- $nofp -6000 2" \
  -n floor "$cli record $events -o $work/dwarf-floor.data -- $nofp -6000 2" >/dev/null

# Samples and lost samples as perf counts them in each file (the last run's).
stats() { perf report -i "$1" --stats 2>/dev/null | awk -v what="$2" '$1 == what && $2 == "events:" { print $3; exit }'; }
for f in fp-pg fp-perf dwarf-pg dwarf-perf; do
  samples=$(stats "$work/$f.data" SAMPLE)
  lost=$(stats "$work/$f.data" LOST_SAMPLES)
  lostrec=$(stats "$work/$f.data" LOST)
  bytes=$(stat -c %s "$work/$f.data")
  echo "$f ${samples:-0} ${lost:-0} ${lostrec:-0} $bytes" >>"$work/files.txt"
done

python3 - "$work" <<'PY'
import json, os, sys
work = sys.argv[1]
def load(name):
    return {r["command"]: r for r in json.load(open(f"{work}/{name}.json"))["results"]}
def cpu(r):
    return r["user"] + r["system"]
fixed, fp, dwarf = load("fixed"), load("fp"), load("dwarf")
print("== fixed cost: record -o x.data -- true (median wall)")
for tool in ("perfglass", "perf"):
    print(f"  {tool:10s} {fixed[tool]['median']:.3f} s")
print(f"  target <= 0.100 s: {'met' if fixed['perfglass']['median'] <= 0.1 else 'MISSED'}")
for title, data, target in (("fixed work, -g (fp), workload-fp -6000 2", fp, 1.05),
                            ("fixed work, --call-graph dwarf, workload-nofp -6000 2", dwarf, 1.08)):
    base = data["unprofiled"]
    print(f"== {title} (median wall; CPU = user+sys of all processes)")
    print(f"  unprofiled {base['median']:.2f} s wall, {cpu(base):.2f} s CPU")
    ratios = {}
    for tool in ("perfglass", "perf"):
        r = data[tool]
        ratios[tool] = r["median"] / base["median"]
        print(f"  {tool:10s} {r['median']:.2f} s wall ({ratios[tool]:.3f}x), {cpu(r):.2f} s CPU "
              f"({cpu(r) / cpu(base):.3f}x)")
    if "floor" in data:  # the kernel's cost of the sampling timer alone: no call chains
        r = data["floor"]
        print(f"  floor      {r['median']:.2f} s wall ({r['median'] / base['median']:.3f}x), {cpu(r):.2f} s CPU "
              f"({cpu(r) / cpu(base):.3f}x)  (perfglass without call chains: the sampling timer's own cost)")
        print(f"  perfglass / floor: {data['perfglass']['median'] / r['median']:.3f} wall, "
              f"{cpu(data['perfglass']) / cpu(r):.3f} CPU (what the call chains add)")
    ok = ratios["perfglass"] <= target and ratios["perfglass"] < ratios["perf"]
    print(f"  target <= {target:.2f}x and below perf: {'met' if ok else 'MISSED'}")
files = {}
for line in open(f"{work}/files.txt"):
    name, samples, lost, lostrec, size = line.split()
    files[name] = (int(samples), int(lost), int(lostrec), int(size))
print("== files (last run): samples, lost samples, LOST records, bytes, bytes per sample")
for name, (samples, lost, lostrec, size) in files.items():
    print(f"  {name:10s} {samples:7d} samples {lost:6d} lost {lostrec:4d} LOST {size:11d} B "
          f"{size / max(samples, 1):8.0f} B/sample")
# Bytes per FP sample beyond each tool's fixed bytes (header, features and mappings of `record -- true`), so
# that the fixed part is not spread over two different sample counts.
fixed_bytes = {"pg": os.path.getsize(f"{work}/x.data"), "perf": os.path.getsize(f"{work}/y.data")}
pg, pf = files["fp-pg"], files["fp-perf"]
per_pg = (pg[3] - fixed_bytes["pg"]) / max(pg[0], 1)
per_pf = (pf[3] - fixed_bytes["perf"]) / max(pf[0], 1)
print(f"== bytes per FP sample beyond the fixed bytes of `record -- true`: perfglass {per_pg:.1f}, "
      f"perf {per_pf:.1f}, ratio {per_pg / per_pf:.3f} (target <= 1: {'met' if per_pg <= per_pf else 'MISSED'})")
pg, pf = files["dwarf-pg"], files["dwarf-perf"]
per_pg, per_pf = pg[3] / max(pg[0], 1), pf[3] / max(pf[0], 1)
print(f"== bytes per DWARF sample: perfglass {per_pg:.0f}, perf {per_pf:.0f}, ratio {per_pg / per_pf:.3f} "
      f"(target <= 0.333: {'met' if per_pg * 3 <= per_pf else 'MISSED'})")
lost = files["fp-pg"][1] + files["dwarf-pg"][1]
print(f"== perfglass lost samples: {lost} ({'met' if lost == 0 else 'MISSED'})")
PY

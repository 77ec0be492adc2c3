#!/usr/bin/env bash
# Plugs announced at once: a gateway with no devices of its own (release build, no speech) on a private broker,
# then plugsim with PLUGS plugs (default 1,000) of each protocol in PROTOCOLS (default tasmota) starting at once.
# Prints, per protocol, how long from plugsim's start until the gateway had them all installed and the last one
# announced answered a typed phrase (`voiceplug say`).
#
#   PLUGS=1000 PROTOCOLS="tasmota zigbee2mqtt mqtt" bench/discovery.sh
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/private-broker.sh
PLUGS=${PLUGS:-1000}
PROTOCOLS=${PROTOCOLS:-tasmota}
bin=.build/release
[ -x "$bin/voiceplug" ] && [ -x "$bin/plugsim" ] || { echo "build first: swift build -c release" >&2; exit 2; }
ulimit -n 8192 2>/dev/null || true
for protocol in $PROTOCOLS; do
    start_private_broker
    url="mqtt://127.0.0.1:$port"
    "$bin/voiceplug" run --broker "$url" --db "$work/voiceplug.db" --no-speech --log-level info 2>"$work/gateway.log" &
    gateway=$!
    for _ in $(seq 200); do grep -q "gateway online" "$work/gateway.log" && break; sleep 0.05; done
    ids=$(seq -f "bench%04g" 1 "$PLUGS" | paste -sd, -)
    started=$(date +%s.%N)
    "$bin/plugsim" --broker "$url" --plugs "$ids" --protocol "$protocol" --no-tui --tele-period 0 >"$work/plugsim.out" 2>"$work/plugsim.log" &
    plugsim=$!
    installed=""
    for _ in $(seq 1200); do
        if grep -q "devices changed: $PLUGS devices" "$work/gateway.log"; then installed=$(date +%s.%N); break; fi
        sleep 0.025
    done
    answered=""
    if [ -n "$installed" ]; then
        last=$(printf 'bench%04d' "$PLUGS")
        if "$bin/voiceplug" say "turn on ${last}" --broker "$url" --timeout 10 >"$work/say.txt" 2>&1; then answered=$(date +%s.%N); fi
    fi
    kill "$plugsim" "$gateway" 2>/dev/null || true
    wait "$plugsim" "$gateway" 2>/dev/null || true
    if [ -n "$answered" ]; then
        awk -v p="$protocol" -v n="$PLUGS" -v s="$started" -v i="$installed" -v a="$answered" \
            'BEGIN { printf "%-12s %d plugs: all installed %.2f s after plugsim started, the last one switched at %.2f s\n", p, n, i - s, a - s }'
    else
        echo "$protocol: not all $PLUGS plugs were usable within 30 s ($(grep -c 'devices changed' "$work/gateway.log") installs; $(tail -1 "$work/gateway.log"))"
    fi
    stop_private_broker
done

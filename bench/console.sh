#!/usr/bin/env bash
# The web console with 100 plugs, measured in the browser and on the gateway (release build first:
# `swift build -c release`). Prints one JSON line from the browser (time to interactive over LOADS page loads,
# click → confirmed state on the card over CLICKS clicks) and the gateway's resident memory before and with
# 50 open event streams.
#   LOADS=10 CLICKS=60 bench/console.sh
set -euo pipefail
cd "$(dirname "$0")/.."
LOADS=${LOADS:-10}
CLICKS=${CLICKS:-60}
bin=.build/release
source bench/private-broker.sh
start_private_broker
python3 - "$work/voiceplug.json" "$port" <<'PY'
import json, sys
kinds = ["tasmota", "shelly", "zigbee2mqtt"]
rooms = ["kitchen", "hall", "study", "garage", "attic", "porch", "den", "nursery", "pantry", "cellar"]
things = ["lamp", "fan", "heater", "radio", "kettle", "printer", "light", "speaker", "charger", "tree"]
devices = [{"id": f"{room}-{thing}", "name": f"{room} {thing}", "protocol": kinds[i % 3]}
           for i, (room, thing) in enumerate((r, t) for r in rooms for t in things)]
json.dump({"broker": f"mqtt://127.0.0.1:{sys.argv[2]}", "devices": devices}, open(sys.argv[1], "w"))
PY
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; wait "${pids[@]}" 2>/dev/null; stop_private_broker; }
trap cleanup EXIT
$bin/plugsim --config "$work/voiceplug.json" --no-tui --tele-period 0 >/dev/null 2>"$work/plugsim.log" &
pids+=($!)
$bin/voiceplug run --config "$work/voiceplug.json" --no-speech --http 0 >"$work/gateway.out" 2>"$work/gateway.log" &
gateway=$!
pids+=($gateway)
for _ in $(seq 200); do grep -q "gateway online" "$work/gateway.log" 2>/dev/null && grep -q "#token=" "$work/gateway.out" && break; sleep 0.05; done
url=$(sed -n 's/^web console: //p' "$work/gateway.out")
sleep 1
/usr/bin/python3 Tests/Browser/console_browser.py measure --url "$url" --loads "$LOADS" --clicks "$CLICKS"

rss() { awk '/VmRSS/ {print $2}' /proc/$gateway/status; }
before=$(rss)
python3 - "$url" <<'PY' &
import socket, sys, time, re
url = sys.argv[1]
port, token = re.match(r"http://127.0.0.1:(\d+)/#token=(\w+)", url).groups()
streams = []
for _ in range(50):
    s = socket.create_connection(("127.0.0.1", int(port)))
    s.sendall(f"GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAuthorization: Bearer {token}\r\n\r\n".encode())
    assert b"200 OK" in s.recv(4096)
    streams.append(s)
print("50 streams open", flush=True)
time.sleep(6)
PY
streams=$!
sleep 2
# Events flow to all 50 while they are open.
for i in $(seq 20); do $bin/voiceplug say --config "$work/voiceplug.json" "turn on the kitchen lamp" >/dev/null; done
with=$(rss)
wait $streams
echo "{\"gateway_rss_kib_before\":$before,\"gateway_rss_kib_with_50_streams\":$with,\"delta_mib\":$(awk "BEGIN {printf \"%.2f\", ($with-$before)/1024}")}"

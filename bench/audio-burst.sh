#!/usr/bin/env bash
# 100 utterances published on voiceplug/audio at once: the gateway's thread count before, at its peak and after,
# and how many were answered. Usage: bench/audio-burst.sh [VOICEPLUG [PLUGSIM]] (default: the release build).
set -euo pipefail
voiceplug=${1:-.build/release/voiceplug}
plugsim=${2:-$(dirname "$voiceplug")/plugsim}
count=100
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
dir=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null; wait 2>/dev/null; rm -rf "$dir"' EXIT
printf '{"broker":"mqtt://127.0.0.1:%s","devices":[{"id":"lamp","name":"kitchen lamp"},{"id":"fan","name":"desk fan","protocol":"shelly"}]}\n' \
    "$port" > "$dir/voiceplug.json"
mosquitto -p "$port" > "$dir/broker.log" 2>&1 &
sleep 0.5
"$plugsim" --config "$dir/voiceplug.json" --no-tui > "$dir/plugsim.log" 2>&1 &
"$voiceplug" run --config "$dir/voiceplug.json" --db "$dir/voiceplug.db" --no-learning 2> "$dir/gateway.log" &
gateway=$!
for _ in $(seq 300); do grep -q "speech recognition ready" "$dir/gateway.log" && break; sleep 0.1; done
espeak-ng -v en-us -w "$dir/on.wav" "turn on the kitchen lamp"
espeak-ng -v en-us -w "$dir/off.wav" "turn off the desk fan"
threads() { awk '/^Threads/ { print $2 }' "/proc/$gateway/status"; }
before=$(threads)
mosquitto_sub -p "$port" -t voiceplug/result -C "$count" > "$dir/results" &
listener=$!
sleep 0.3
for i in $(seq "$count"); do
    if [ $((i % 2)) = 0 ]; then file=on; else file=off; fi
    mosquitto_pub -p "$port" -q 1 -t voiceplug/audio -f "$dir/$file.wav" &
done
peak=$before
for _ in $(seq 3000); do
    kill -0 "$listener" 2>/dev/null || break
    now=$(threads); [ "$now" -gt "$peak" ] && peak=$now
    sleep 0.1
done
after=$(threads)
answered=$(wc -l < "$dir/results")
switched=$(grep -c '"ok":true' "$dir/results" || true)
echo "threads: before $before, peak $peak, after $after; answered $answered of $count ($switched switched)"

#!/usr/bin/env bash
# Round-trip latency of VoicePlug's Swift MQTT client next to plain libmosquitto
# (bench/mqtt_roundtrip.c), on one private broker, runs interleaved so both see
# the same machine load. Prints the median p50/p99 over ROUNDS runs and the
# Swift/C ratio of the medians.
#   ROUNDS=7 COUNT=3000 bench/mqtt-latency.sh
set -euo pipefail
cd "$(dirname "$0")/.."
ROUNDS=${ROUNDS:-7}
COUNT=${COUNT:-3000}
source bench/private-broker.sh
start_private_broker
trap stop_private_broker EXIT

median() { sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
field() { sed -E "s/.*\"$1\":([0-9.]+).*/\1/"; }

echo "broker: mosquitto $(mosquitto -h 2>/dev/null | head -1 | awk '{print $3}') on 127.0.0.1:$port, 40-byte payloads, $COUNT round trips x $ROUNDS rounds"
for qos in 0 1; do
    : > "$work/c" ; : > "$work/s"
    for _ in $(seq "$ROUNDS"); do
        bench/bin/mqtt_roundtrip "$port" "$qos" "$COUNT" >> "$work/c"
        .build/release/mqtt-probe roundtrip --broker "mqtt://127.0.0.1:$port" --qos "$qos" --count "$COUNT" --json >> "$work/s"
    done
    c50=$(field p50_us < "$work/c" | median); c99=$(field p99_us < "$work/c" | median)
    s50=$(field p50_us < "$work/s" | median); s99=$(field p99_us < "$work/s" | median)
    printf 'QoS %s  C: p50 %6.1f µs  p99 %6.1f µs | Swift: p50 %6.1f µs  p99 %6.1f µs | Swift/C p50 %.2f  p99 %.2f\n' \
        "$qos" "$c50" "$c99" "$s50" "$s99" "$(awk "BEGIN {print $s50 / $c50}")" "$(awk "BEGIN {print $s99 / $c99}")"
done

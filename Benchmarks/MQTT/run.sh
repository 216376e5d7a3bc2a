#!/usr/bin/env bash
# Benchmarks/MQTT/run.sh — an MQTT publish to the changed pixel, on loopback, and the idle cost of
# an open connection: Debian's mosquitto on a free loopback port, Benchmarks' MQTTLatency against
# it (ROUNDS times, default 3), then the broker stopped.
# Usage: Benchmarks/MQTT/run.sh [ROUNDS] [MESSAGES] [IDLE_SECONDS]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
rounds=${1:-3} messages=${2:-500} idle=${3:-10}
command -v mosquitto >/dev/null || [[ -x /usr/sbin/mosquitto ]] || { echo "run.sh: no mosquitto broker: apt-get install mosquitto (scripts/setup does)" >&2; exit 1; }
(cd "$root/Benchmarks" && swift build -c release --product MQTTLatency >/dev/null)
bin="$(cd "$root/Benchmarks" && swift build -c release --show-bin-path)/MQTTLatency"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
scratch=$(mktemp -d /tmp/panelkit-mqtt-bench.XXXXXX)
printf 'listener %s 127.0.0.1\nallow_anonymous true\npersistence false\n' "$port" > "$scratch/mosquitto.conf"
/usr/sbin/mosquitto -c "$scratch/mosquitto.conf" > "$scratch/broker.log" 2>&1 &
broker=$!
trap 'kill $broker 2>/dev/null; wait $broker 2>/dev/null; rm -rf "$scratch"' EXIT
for _ in $(seq 100); do (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break; sleep 0.05; done
for ((r = 1; r <= rounds; r++)); do "$bin" "$port" "$messages" "$idle"; done

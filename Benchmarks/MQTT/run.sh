#!/usr/bin/env bash
# Benchmarks/MQTT/run.sh — an MQTT publish to the changed pixel, on loopback, the idle cost of an
# open connection, and frame times with the broker up, hung (SIGSTOP) and gone (SIGKILL): Debian's
# mosquitto on a free loopback port, Benchmarks' MQTTLatency against it (ROUNDS times, default 3,
# a broker started for each, since each round ends by killing it).
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
broker=""
trap 'if [[ -n "$broker" ]]; then kill -9 $broker 2>/dev/null; wait $broker 2>/dev/null; fi; rm -rf "$scratch"' EXIT
for ((r = 1; r <= rounds; r++)); do
    /usr/sbin/mosquitto -c "$scratch/mosquitto.conf" > "$scratch/broker.log" 2>&1 &
    broker=$!
    for _ in $(seq 100); do (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break; sleep 0.05; done
    "$bin" "$port" "$messages" "$idle" "$broker"
    kill -9 $broker 2>/dev/null || true
    wait $broker 2>/dev/null || true
    broker=""
done

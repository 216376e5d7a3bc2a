#!/usr/bin/env bash
# Benchmarks/Remote/run.sh — what remote support costs a panel (RemoteCost, optimized): the
# panel's CPU with the server off, on with no viewer, and with one viewer watching a list
# scrolled at 60 Hz (ZRLE), the bytes a second it receives, the other threads' wake-ups, and a
# VNC tap's latency from the pointer event to the action. Prints the load average beside it.
# Usage: Benchmarks/Remote/run.sh [SECONDS] [TAPS]     (default 5 s, 200 taps)
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product RemoteCost >/dev/null
bin=$(swift build -c release --show-bin-path)/RemoteCost
echo "remote-cost: load $(cut -d' ' -f1-3 /proc/loadavg), commit $(git rev-parse --short HEAD), $(date -u +%Y-%m-%d)"
"$bin" "${1:-5}" "${2:-200}"

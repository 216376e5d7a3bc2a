# scripts/lib/debug-build.sh — sourced, not run: the one debug configuration of PanelKit.
# scripts/demo, scripts/test, scripts/test-simulator-window and scripts/test-kernel build with
# exactly these flags, so that they share one debug build in .build: the demo's build is the
# library half of the tests' build, and the kernel runs and the window test build nothing.
#   --traits default     the default traits (Bench: the headless backend and its emulated chips)
#   --traits Simulator   the simulator (SDL 2: scripts/setup --simulator) and its tests
#   --traits Metrics     the Prometheus endpoint (--metrics) and its tests
#   PANELKIT_STRICT=1    (CI) every warning is an error and every import must be declared
# shellcheck shell=bash
debug_flags=(--traits default,Simulator,Metrics,Remote)
if [[ "${PANELKIT_STRICT:-0}" == 1 ]]; then
    debug_flags+=(-Xswiftc -warnings-as-errors --explicit-target-dependency-import-check error)
fi

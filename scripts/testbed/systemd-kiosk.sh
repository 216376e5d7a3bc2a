#!/bin/bash
# Runs inside the kernel testbed (scripts/test-kernel's systemd run): an example app (DoorKeypad,
# built on PanelApp like a user's app) as the kiosk unit that `panelctl service unit` generates
# for it, with the ExecStart scripts/install --app writes, under a real systemd (PID 1 of a PID
# namespace), on the testbed's FT6x06 (i2c-regstub), gpio-sim interrupt line and vfb
# framebuffer. It checks what a deployed panel must do:
#   - the hardened unit scores at most 2.0 in `systemd-analyze security`;
#   - it starts, and is `active` only once the app sent READY=1 (Type=notify),
#     with the controller and the screen in its status;
#   - the app logs to journald with its own fields (PANELKIT_SUBSYSTEM …);
#   - a Prometheus scrape of the running panel (--metrics-port) shows its touches, and the faults
#     of a controller that stops answering (i2c-regstub's NACK knob), whose recovery is logged;
#   - a hung app (SIGSTOP: no watchdog pings) is killed and restarted by the watchdog;
#   - a release that exits at once (the unit a package makes, with OnFailure=) is restarted up
#     to its start limit, then systemd starts the rollback unit (scripts/package);
#   - with `drm` (kernel-testbed --display bochs): the app shows on the DRM card and takes the VT
#     the unit gives it (TTYPath), as the unit's user; the metrics and faults are the fb run's.
# Prints "systemd-kiosk: PASS …"/"FAIL …" lines; exits 0 when every check passed.
set -u
PANELCTL=/testbed/files/panelctl
APP=/testbed/files/DoorKeypad   # the app, as scripts/install --app installs it
RESULT=/testbed/systemd-kiosk.result
MODE_FILE=/etc/panelkit/testbed.mode   # fb (vfb's /dev/fb0) or drm (the bochs card), for --check
UNIT=panelkit-kiosk.service

# The checks, run by systemd as panelkit-check.service once the kiosk unit was started.
pass() { echo "systemd-kiosk: PASS: $*" | tee -a "$RESULT"; }
fail() { echo "systemd-kiosk: FAIL: $*" | tee -a "$RESULT"; }
show() { systemctl show -p "$1" --value "$UNIT"; }
check() {
    local i start status
    start=$(cut -d' ' -f1 /proc/uptime)
    for i in $(seq 1 240); do [ "$(show ActiveState)" = active ] && break; sleep 0.5; done
    if [ "$(show ActiveState)" != active ]; then
        fail "the unit is $(show ActiveState)/$(show SubState), not active"
        systemctl status "$UNIT" --no-pager -l 2>&1 | tail -n 30
        journalctl -u "$UNIT" --no-pager 2>&1 | tail -n 30
        return
    fi
    pass "ready: active (Type=notify: after READY=1) $(awk -v a="$start" -v b="$(cut -d' ' -f1 /proc/uptime)" 'BEGIN {printf "%.1f", b - a}') s after the check started"
    # The unit that runs, scored as CI's service step scores every board's.
    local score
    score=$(systemd-analyze security --offline=true /etc/systemd/system/$UNIT 2>&1 | sed -n 's/.*Overall exposure level for [^:]*: \([0-9.]*\).*/\1/p')
    if [ -n "$score" ] && awk -v s="$score" 'BEGIN {exit !(s <= 2.0)}'; then pass "security: systemd-analyze security scores the app's unit $score (at most 2.0)"
    else
        fail "security: the app's unit scores '${score:-?}' (over 2.0, or not scored)"
        systemd-analyze security --offline=true /etc/systemd/system/$UNIT 2>&1 | grep -v '^✓' | head -n 30
    fi
    status=$(show StatusText)
    case "$status" in *touch*screen*) pass "status: $status" ;; *) fail "STATUS= line: '$status'" ;; esac
    sleep 1
    # The identification line, sent by the native protocol with its own fields (not a stdout line).
    local line
    line=$(journalctl -u "$UNIT" PANELKIT_BOARD=testbed PANELKIT_LOGGER=panelkit PRIORITY=5 -o cat --no-pager 2>/dev/null | head -n 1)
    if [ -n "$line" ]; then
        pass "journald: PANELKIT_BOARD=testbed PRIORITY=5 (notice) finds \"$line\""
    else
        fail "journald has no PANELKIT_* fields from the app"
        journalctl -u "$UNIT" -o verbose --no-pager 2>&1 | tail -n 40
    fi
    if [ "$(cat "$MODE_FILE")" = drm ]; then
        # On DRM, as the unit's user: the card, and the VT it is shown on (no console over it).
        line=$(journalctl -u "$UNIT" PANELKIT_BOARD=testbed -o cat --no-pager 2>/dev/null | grep -m1 -o "display: /dev/dri/.*")
        [ -n "$line" ] && pass "drm: $line" || fail "drm: no DRM display in the identification"
        line=$(journalctl -u "$UNIT" PANELKIT_SUBSYSTEM=display -p warning -o cat --no-pager 2>/dev/null | head -n 3)
        [ -z "$line" ] && pass "drm: the display logged no warning (the VT taken)" || fail "drm: the display says \"$line\""
    else
        metrics_and_faults
    fi
    restart_after_hang
}

# A Prometheus scrape of the running panel shows its touches, then its faults.
metrics_and_faults() {
    local touches errors up line i
    . /etc/testbed/lib.sh
    . /etc/testbed.env
    scrape() { wget -qO- http://127.0.0.1:9464/metrics 2>/dev/null; }
    metric() { scrape | awk -v n="$1" '$1 == n {print $2}'; }
    tap() {  # a finger down at (100, 100), then up; INT (line 2) is active-low
        tb_raw_write 0x38 0x02 0x01 0x80 0x64 0x00 0x64; tb_gpio_pulse 2; sleep 0.3
        tb_raw_write 0x38 0x02 0x00; tb_gpio_pulse 2; sleep 0.3
    }
    tap
    touches=$(metric panelkit_touches_total)
    if awk -v t="${touches:-0}" 'BEGIN {exit !(t + 0 >= 1)}'; then pass "metrics: a scrape of 127.0.0.1:9464 shows panelkit_touches_total $touches after a tap"
    else
        fail "metrics: panelkit_touches_total '${touches:-}' after a tap"
        wget -O- http://127.0.0.1:9464/metrics 2>&1 | head -n 20
        journalctl -u "$UNIT" PANELKIT_SUBSYSTEM=metrics -o cat --no-pager 2>&1 | tail -n 5
    fi
    echo Y > /sys/kernel/debug/i2c-regstub/0x38.nack   # the controller stops answering
    for i in 1 2 3 4; do tb_gpio_pulse 2; sleep 0.2; done
    sleep 1.5
    errors=$(metric panelkit_touch_errors_total); up=$(metric panelkit_touch_controller_up)
    if awk -v e="${errors:-0}" -v u="${up:-x}" 'BEGIN {exit !(e >= 3 && u != "x" && u + 0 == 0)}'; then pass "metrics: with the controller NACKing, panelkit_touch_errors_total $errors and panelkit_touch_controller_up 0"
    else fail "metrics: errors '${errors:-}', controller_up '${up:-}' with the controller NACKing"; fi
    line=$(journalctl -u "$UNIT" PANELKIT_SUBSYSTEM=touch PRIORITY=3 -o cat --no-pager 2>/dev/null | head -n 1)
    [ -n "$line" ] && pass "journald: PANELKIT_SUBSYSTEM=touch PRIORITY=3 (error): \"$line\"" || fail "journald: no error from the touch subsystem"
    echo N > /sys/kernel/debug/i2c-regstub/0x38.nack   # and answers again
    for i in $(seq 1 20); do
        line=$(journalctl -u "$UNIT" PANELKIT_SUBSYSTEM=touch PRIORITY=5 -o cat --no-pager 2>/dev/null | grep "answers again" | head -n 1)
        [ -n "$line" ] && break
        sleep 0.5
    done
    [ -n "$line" ] && pass "journald: the recovery, with its outage: \"$line\"" || fail "journald: no recovery line"
    tap
    up=$(metric panelkit_touch_controller_up)
    awk -v u="${up:-x}" 'BEGIN {exit !(u + 0 == 1)}' && pass "metrics: panelkit_touch_controller_up 1 after the next tap" || fail "metrics: controller_up '${up:-}' after recovery and a tap"
}

# A hung app: stopped outright, it sends no watchdog pings.
restart_after_hang() {
    local i start pid restarts
    pid=$(show MainPID)
    kill -STOP "$pid"
    start=$(cut -d' ' -f1 /proc/uptime)
    for i in $(seq 1 120); do
        restarts=$(show NRestarts)
        [ "${restarts:-0}" -ge 1 ] && [ "$(show ActiveState)" = active ] && [ "$(show MainPID)" != "$pid" ] && break
        sleep 0.5
    done
    if [ "${restarts:-0}" -ge 1 ] && [ "$(show ActiveState)" = active ]; then
        pass "restarted: the watchdog caught the hung app (pid $pid) and it was ready again as pid $(show MainPID) after $(awk -v a="$start" -v b="$(cut -d' ' -f1 /proc/uptime)" 'BEGIN {printf "%.1f", b - a}') s"
    else
        fail "not restarted: NRestarts=${restarts:-?}, $(show ActiveState)/$(show SubState)"
        journalctl -u "$UNIT" --no-pager 2>&1 | tail -n 30
    fi
}
# A broken release: the unit scripts/package makes (start limit, OnFailure=), running an app that
# exits at once. systemd restarts it up to the start limit, then starts the rollback unit.
rollback_after_failed_starts() {
    local i start
    start=$(cut -d' ' -f1 /proc/uptime)
    systemctl start panelkit-broken.service 2>/dev/null
    for i in $(seq 1 120); do [ -s /run/panelkit-rolled-back ] && break; sleep 0.5; done
    if [ -s /run/panelkit-rolled-back ]; then
        pass "rollback: the broken release was restarted $(systemctl show -p NRestarts --value panelkit-broken.service) times (result: $(systemctl show -p Result --value panelkit-broken.service)), systemd gave up at its start limit, and OnFailure= started the rollback $(awk -v a="$start" -v b="$(cut -d' ' -f1 /proc/uptime)" 'BEGIN {printf "%.1f", b - a}') s after it was started"
    else
        fail "rollback: not started; the broken unit is $(systemctl show -p ActiveState --value panelkit-broken.service)/$(systemctl show -p Result --value panelkit-broken.service)"
        journalctl -u panelkit-broken.service --no-pager 2>&1 | tail -n 20
    fi
}
if [ "${1:-}" = --check ]; then check; rollback_after_failed_starts; exit 0; fi

. /etc/testbed/lib.sh
. /etc/testbed.env
: > "$RESULT"
MODE=${1:-fb}   # fb: vfb's /dev/fb0; drm: the testbed's bochs card (kernel-testbed --display bochs)
mkdir -p /etc/panelkit /etc/systemd/system
echo "$MODE" > "$MODE_FILE"

# The FT6336U's identification registers in the raw-I2C chip (FT6x06Emulator's defaults).
tb_ft6336_identity 0x38

# The kiosk user in the panelkit group, as scripts/install makes them; the board's devices
# opened to the group as the udev rules `panelctl service udev-rules` writes would (no udevd here).
printf 'root:x:0:0:root:/root:/bin/sh\npi:x:1000:1000:pi:/home/pi:/bin/sh\n' > /etc/passwd
printf 'root:x:0:\npanelkit:x:999:pi\npi:x:1000:\nsystemd-journal:x:998:\n' > /etc/group
devices="$TESTBED_I2C_RAW_DEV $TESTBED_GPIOCHIP /dev/fb0"
display="\"device\": \"/dev/fb0\""
if [ "$MODE" = drm ]; then devices="$devices /dev/dri/card0"; display="\"device\": \"drm\""; fi
chgrp panelkit $devices && chmod 0660 $devices
[ -e /lib/systemd ] || ln -s /usr/lib/systemd /lib/systemd   # the units name /lib/systemd/…
cat > /etc/panelkit/testbed.json <<JSON
{"model": "QEMU testbed: FT6x06 on i2c-regstub, INT on gpio-sim, $MODE display",
 "touch": {"compatible": "focaltech,ft6336", "bus": "$TESTBED_I2C_RAW_DEV", "reg": "0x38",
           "interrupt": {"chip": "$TESTBED_GPIOCHIP", "line": 2, "active-low": true},
           "touchscreen-size-x": 320, "touchscreen-size-y": 480},
 "display": {$display, "width": $TESTBED_FB_W, "height": $TESTBED_FB_H}}
JSON
# The unit, as generated for the app (scripts/install --app's ExecStart: the app and --board),
# with a 3 s watchdog so that the test is quick, and the metrics endpoint.
"$PANELCTL" service unit --board /etc/panelkit/testbed.json --user pi --watchdog 3 --metrics-port 9464 \
    --exec "$APP --board /etc/panelkit/testbed.json" > /etc/systemd/system/panelkit-kiosk.service || exit 1
echo "[testbed] systemd-kiosk: ExecStart=$(sed -n 's/^ExecStart=//p' /etc/systemd/system/panelkit-kiosk.service)"
# The unit as generated; only its default dependencies are dropped (sysinit.target, basic.target:
# the VM has no udev, tmpfiles or timesyncd to wait for).
mkdir -p /etc/systemd/system/panelkit-kiosk.service.d
printf '[Unit]\nDefaultDependencies=no\n' > /etc/systemd/system/panelkit-kiosk.service.d/testbed.conf
# The broken release's unit, with the options scripts/package gives it, and its rollback (here a
# marker: the package's rollback is apt, proven by scripts/test-package).
# (On the framebuffer in either mode: a DRM board's unit would take the kiosk's VT.)
sed 's|"device": "drm"|"device": "/dev/fb0"|' /etc/panelkit/testbed.json > /etc/panelkit/broken.json
"$PANELCTL" service unit --board /etc/panelkit/broken.json --user pi --exec /bin/false --on-failure panelkit-rollback.service \
    --start-timeout 5 --state-directory panelkit-broken > /etc/systemd/system/panelkit-broken.service || exit 1
mkdir -p /etc/systemd/system/panelkit-broken.service.d
printf '[Unit]\nDefaultDependencies=no\n' > /etc/systemd/system/panelkit-broken.service.d/testbed.conf
cat > /etc/systemd/system/panelkit-rollback.service <<UNIT
[Unit]
Description=The rollback a package runs
DefaultDependencies=no
[Service]
Type=oneshot
ExecStart=/testbed/bin/bash -c 'echo rolled back > /run/panelkit-rolled-back'
UNIT
cat > /etc/systemd/system/panelkit-check.target <<UNIT
[Unit]
Description=PanelKit's systemd check
DefaultDependencies=no
Wants=systemd-journald.socket systemd-journald.service panelkit-kiosk.service panelkit-check.service
UNIT
cat > /etc/systemd/system/panelkit-check.service <<UNIT
[Unit]
Description=Check the kiosk unit
DefaultDependencies=no
After=panelkit-kiosk.service systemd-journald.socket
[Service]
Type=oneshot
ExecStart=/testbed/bin/bash /testbed/files/systemd-kiosk.sh --check
ExecStopPost=/usr/bin/systemctl --force exit
StandardOutput=tty
TTYPath=/dev/console
UNIT
ip link set lo up                 # the metrics endpoint's loopback
tb_gpio_pull 2 up                 # INT released (active-low)
echo "[testbed] systemd-kiosk: starting systemd with panelkit-check.target"
unshare --pid --fork --mount --mount-proc /usr/lib/systemd/systemd --system --unit=panelkit-check.target \
    --log-target=console --log-level=warning --show-status=false
# (each line reached the console as it was found)
grep -q FAIL "$RESULT" && exit 1
grep -q "PASS: restarted" "$RESULT" || exit 1
grep -q "PASS: rollback" "$RESULT" || exit 1
exit 0

#!/bin/bash
# Runs inside the kernel testbed (scripts/test-package's last part): a Debian 12 root with apt and
# systemd (built by scripts/test-package, with a local repository of DoorKeypad's packages in
# /repo) booted with systemd as PID 1 of a PID namespace. Under that systemd, apt does what a
# fleet's unattended upgrades do, and the checks see what the panel does:
#   - apt installs 1.0.0: the package's own unit starts, and is active once the app sent READY=1;
#     panelctl status (the diagnostics socket) reports release 1.0.0, and 1.0.0 is recorded as good;
#   - apt upgrades to 1.1.0: the unit restarts into it, and the journal shows both releases;
#   - with /var/lib/doorkeypad read-only, an upgrade's postinst fails, dpkg leaves the package
#     half-configured, and the running release keeps running;
#   - once writable, dpkg --configure -a finishes the broken 1.2.0 (it exits at once): systemd
#     restarts it to its start limit, OnFailure= starts the package's rollback, which puts 1.1.0
#     back with apt and holds it; 1.1.0 runs again, and panelctl status and the metrics say so;
#   - apt purges it: the unit is stopped and gone, with its state and its user.
# Prints "apt-systemd: PASS …"/"FAIL …" lines; exits 0 when every check passed.
set -u
ROOT=/testbed/files/debian
RESULT=/root/apt-systemd.result   # in the Debian root
NAME=doorkeypad

if [ "${1:-}" = --check ]; then
    export PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin DEBIAN_FRONTEND=noninteractive
    pass() { echo "apt-systemd: PASS: $*" | tee -a "$RESULT"; }
    fail() { echo "apt-systemd: FAIL: $*" | tee -a "$RESULT"; }
    now() { cut -d' ' -f1 /proc/uptime; }
    since() { awk -v a="$1" -v b="$(now)" 'BEGIN {printf "%.1f", b - a}'; }
    show() { systemctl show -p "$1" --value "$NAME.service"; }
    installed() { dpkg-query -W -f '${Version}' "$NAME" 2>/dev/null; }
    status() { curl -s --max-time 5 --unix-socket /run/panelkit/diagnostics.sock http://panel/status; }
    apt_get() { apt-get -y -q -o Dpkg::Use-Pty=0 "$@" > /root/apt.log 2>&1 || { tail -n 20 /root/apt.log; return 1; }; }
    # A release reaches the panel's repository (the indexes were made by scripts/test-package).
    publish() { cp "/repo/Packages.$1" /repo/Packages && apt_get update; }
    # Waits up to $2 s for the unit to run release $1 (active, and its socket says so).
    runs() {
        local i
        for i in $(seq 1 $(($2 * 2))); do
            [ "$(show ActiveState)" = active ] && status | grep -q "\"version\":\"$1\"" && return 0
            sleep 0.5
        done
        return 1
    }
    explain() {
        systemctl status "$NAME.service" --no-pager -l 2>&1 | tail -n 15
        journalctl -u "$NAME.service" -u "$NAME-rollback.service" --no-pager 2>&1 | tail -n 25
    }

    # The operator's own setting, kept across upgrades: metrics on loopback for the fleet's scraper
    # (what `panelctl service unit --metrics-port` writes, as a drop-in).
    mkdir -p /etc/systemd/system/$NAME.service.d
    printf '[Service]\nEnvironment=PANELKIT_METRICS=127.0.0.1:9464\nPrivateNetwork=no\nIPAddressAllow=localhost\nRestrictAddressFamilies=AF_UNIX AF_INET\n' \
        > /etc/systemd/system/$NAME.service.d/metrics.conf

    start=$(now)
    publish 1 || fail "apt-get update of the local repository"
    if apt_get install "$NAME=1.0.0" && took=$(since "$start") && runs 1.0.0 120; then
        pass "install: apt-get install $NAME=1.0.0 ($took s) started the package's unit; active (READY=1) and reporting release 1.0.0 $(since "$start") s after apt began"
    else
        fail "install: 1.0.0 is '$(installed)', the unit $(show ActiveState)/$(show SubState)"
        explain
    fi
    said=$(panelctl status 2>&1)
    grep -qx "version: 1.0.0" <<<"$said" && pass "install: panelctl status answers: $(tr '\n' ';' <<<"$said" | cut -c1-150)" \
        || fail "install: panelctl status said: $said"
    [ "$(cat /var/lib/$NAME/good-version 2>/dev/null)" = 1.0.0 ] && pass "install: ExecStartPost= recorded 1.0.0 as the last good release" \
        || fail "install: good-version is '$(cat /var/lib/$NAME/good-version 2>/dev/null)'"
    echo '{"calibration": "kept"}' > /var/lib/$NAME/mock.json

    start=$(now)
    publish 2 || fail "apt-get update for 1.1.0"
    if apt_get upgrade && took=$(since "$start") && runs 1.1.0 120; then
        pass "upgrade: apt-get upgrade ($took s) restarted the unit into 1.1.0, which reports it $(since "$start") s after apt began"
    else
        fail "upgrade: '$(installed)' installed, the unit $(show ActiveState)/$(show SubState)"
        explain
    fi
    both=$(for v in 1.0.0 1.1.0; do journalctl -u "$NAME.service" "PANELKIT_APP_VERSION=$v" -o cat --no-pager | grep -m1 "release $v"; done)
    if [ "$(grep -c release <<<"$both")" = 2 ]; then
        pass "journal: both releases' start-up lines, by their PANELKIT_APP_VERSION field: $(tr '\n' '|' <<<"$both" | cut -c1-160)"
    else
        fail "journal: the start-up lines by release: '$both'"
        journalctl -u "$NAME.service" -o verbose --no-pager | grep -E 'MESSAGE=|PANELKIT_APP' | tail -n 10
    fi
    grep -q kept /var/lib/$NAME/mock.json && pass "upgrade: the calibration in /var/lib/$NAME was kept" || fail "upgrade: the calibration is gone"

    # A state directory the package cannot write (a read-only overlay, a full or failed disk).
    publish 3 || fail "apt-get update for 1.2.0"
    pid=$(show MainPID)
    mount --bind /var/lib/$NAME /var/lib/$NAME && mount -o remount,bind,ro /var/lib/$NAME
    apt-get -y -q -o Dpkg::Use-Pty=0 upgrade > /root/apt-ro.log 2>&1
    code=$?
    state=$(dpkg-query -W -f '${Status}' "$NAME")
    if [ $code -ne 0 ] && [ "$state" = "install ok half-configured" ] && grep -q "Read-only file system" /root/apt-ro.log; then
        pass "read-only state: the upgrade's postinst failed naming the cause ($(grep -m1 'Read-only' /root/apt-ro.log | cut -c1-90)) and the fix ($(grep -m1 'cannot be written' /root/apt-ro.log | cut -c1-110)); dpkg says '$state'"
    else
        fail "read-only state: apt exited $code, dpkg says '$state'"
        tail -n 15 /root/apt-ro.log
    fi
    if [ "$(show MainPID)" = "$pid" ] && [ "$(show ActiveState)" = active ] && status | grep -q '"version":"1.1.0"'; then
        pass "read-only state: the running 1.1.0 kept running (the same process, $pid)"
    else
        fail "read-only state: the unit is $(show ActiveState), main PID $(show MainPID) (was $pid)"
    fi
    umount /var/lib/$NAME

    # Writable again: dpkg finishes configuring 1.2.0, which exits at once.
    start=$(now)
    dpkg --configure -a > /root/dpkg.log 2>&1
    # Until the rollback has put 1.1.0 back (at most 300 s), counting 1.2.0's restarts on the way.
    restarts=0
    for i in $(seq 1 300); do
        n=$(show NRestarts)
        [ "${n:-0}" -gt "$restarts" ] && restarts=$n
        [ "$(installed)" = 1.1.0 ] && break
        sleep 1
    done
    back=$(since "$start")
    if [ "$(installed)" = 1.1.0 ] && runs 1.1.0 120; then
        pass "rollback: systemd restarted 1.2.0 $restarts times to its start limit, OnFailure= ran the rollback, apt put back 1.1.0 ($back s after dpkg began), and it runs and reports it ($(since "$start") s)"
    else
        fail "rollback: '$(installed)' installed, the unit $(show ActiveState)/$(show SubState)"
        explain
    fi
    line=$(journalctl -u "$NAME-rollback.service" -o cat --no-pager | grep -m1 'rolling back to')
    [ -n "$line" ] && pass "rollback: the journal says \"$line\"" || fail "rollback: no 'rolling back' line in the journal"
    why=$(journalctl -u "$NAME.service" -o cat --no-pager | grep -m1 -E "Start request repeated too quickly|start-limit-hit")
    [ -n "$why" ] && pass "rollback: the journal says why: systemd's \"$why\"" \
        || fail "rollback: no start-limit line in the unit's journal"
    metric=$(curl -s --max-time 5 http://127.0.0.1:9464/metrics | grep '^panelkit_build_info')
    grep -q 'version="1.1.0"' <<<"$metric" && pass "rollback: the fleet's metrics show it: $metric" || fail "rollback: the metrics say '$metric'"
    panelctl status 2>&1 | grep -qx "version: 1.1.0" && pass "rollback: panelctl status says version: 1.1.0" || fail "rollback: panelctl status: $(panelctl status 2>&1 | head -n 3)"
    apt-mark showhold | grep -qx "$NAME" && pass "rollback: $NAME is held at 1.1.0" || fail "rollback: $NAME is not held"
    grep -q kept /var/lib/$NAME/mock.json && pass "rollback: the calibration survived" || fail "rollback: the calibration is gone"
    apt-get -s upgrade 2>/dev/null | grep -q "^Inst $NAME" && fail "rollback: apt would upgrade to 1.2.0 again" \
        || pass "rollback: the next upgrade leaves 1.2.0 out"

    apt-mark unhold "$NAME" > /dev/null
    if apt_get purge "$NAME"; then
        [ "$(systemctl show -p LoadState --value $NAME.service)" = not-found ] && ! pgrep -x "$NAME" > /dev/null \
            && pass "purge: the app is stopped and its unit gone" || fail "purge: the unit is $(systemctl show -p LoadState --value $NAME.service)/$(show ActiveState)"
        [ ! -e /var/lib/$NAME ] && ! getent passwd panelkit > /dev/null && pass "purge: its state and the panelkit user are gone" \
            || fail "purge: /var/lib/$NAME or the panelkit user is left"
    else
        fail "purge: apt-get purge failed"
    fi
    exit 0
fi

# Outside: the devices, the root's units, then its systemd.
. /etc/testbed/lib.sh
. /etc/testbed.env
[ -d "$ROOT/repo" ] || { echo "apt-systemd: FAIL: no Debian root at $ROOT"; exit 1; }
# The package's board file names the devices the testbed gives (scripts/test-package).
if [ "$TESTBED_I2C_RAW_DEV" != /dev/i2c-1 ] || [ "$TESTBED_GPIOCHIP" != /dev/gpiochip0 ] || [ ! -c /dev/fb0 ]; then
    echo "apt-systemd: FAIL: the testbed gave $TESTBED_I2C_RAW_DEV and $TESTBED_GPIOCHIP; the package's board names /dev/i2c-1 and /dev/gpiochip0"
    exit 1
fi
# The FT6336U's identification registers in the raw-I2C chip (FT6x06Emulator's defaults); INT released.
tb_ft6336_identity 0x38
tb_gpio_pull 2 up
ip link set lo up   # the metrics endpoint's loopback
cp "$0" "$ROOT/usr/local/sbin/panelkit-apt-check" && chmod 0755 "$ROOT/usr/local/sbin/panelkit-apt-check"
: > "$ROOT$RESULT"
cat > "$ROOT/etc/systemd/system/panelkit-apt-check.service" <<UNIT
[Unit]
Description=apt and systemd together, as a fleet's upgrades run
Requires=systemd-journald.socket
After=systemd-journald.socket basic.target
[Service]
Type=oneshot
ExecStart=/bin/bash /usr/local/sbin/panelkit-apt-check --check
ExecStopPost=/usr/bin/systemctl --force exit
StandardOutput=tty
StandardError=tty
TTYPath=/dev/console
TimeoutStartSec=infinity
UNIT
cat > "$ROOT/etc/systemd/system/panelkit-apt-check.target" <<UNIT
[Unit]
Description=PanelKit's apt and systemd check
Requires=basic.target
Wants=panelkit-apt-check.service
After=basic.target
UNIT
echo "[testbed] apt-systemd: starting the Debian root's systemd"
mount --bind "$ROOT" "$ROOT"   # its own mount, which systemd's mount namespace can make private
chroot "$ROOT" /usr/bin/unshare --pid --fork --mount --mount-proc /lib/systemd/systemd --system --unit=panelkit-apt-check.target \
    --log-target=journal-or-kmsg --log-level=notice --show-status=false
grep -q "PASS: purge: its state" "$ROOT$RESULT" || { echo "apt-systemd: FAIL: the checks did not finish"; exit 1; }
grep -q FAIL "$ROOT$RESULT" && exit 1
exit 0

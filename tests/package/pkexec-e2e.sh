#!/bin/sh
# The privileged path end to end, as a user on a desktop meets it: perfglass-cli, run by an unprivileged user,
# starts perfglass-helper through the real pkexec, which asks the real polkitd over a real system bus, which
# grants the action com.perfglass.helper to that user by a rules file; the recording is then checked.
#
# Nothing touches the machine: everything happens in a private mount namespace (unshare --mount) that ends
# with this script.
#  - pkexec is setuid root, and GLib ignores DBUS_SYSTEM_BUS_ADDRESS in setuid programs (it only trusts the
#    standard path), so the private dbus-daemon must listen on /run/dbus/system_bus_socket: a tmpfs is mounted
#    over /run/dbus in the namespace;
#  - the staged installation (cmake --install with DESTDIR, prefix /usr) is laid over /usr with overlayfs, so
#    the helper is at its real installed path (/usr/libexec/perfglass-helper), which is the policy's exec.path
#    and the path the installed recorder starts; polkitd reads the policy from /usr/share/polkit-1/actions;
#  - the throwaway user lives in copies of /etc/passwd and /etc/group bind-mounted over the real ones, and the
#    rules file in a directory bind-mounted over /etc/polkit-1/rules.d.
# polkitd and dbus-daemon are started by this script and stopped by their pids. The rules grant only
# com.perfglass.helper: pkexec of any other program must still be refused, which the test checks too, so a
# recording that works went through the helper's own action.
#
# Usage: pkexec-e2e.sh BUILD_DIR. Exit 77 (skipped, with the reason) where it cannot run: not root, no
# unshare/overlayfs, no dbus-daemon, polkitd or pkexec.
set -eu

skip() { echo "SKIPPED: $*"; exit 77; }
fail() { echo "FAILED: $*" >&2; exit 1; }

if [ "${1:-}" != "--inside" ]; then
    build=$(cd "${1:?usage: pkexec-e2e.sh BUILD_DIR}" && pwd)
    [ "$(id -u)" -eq 0 ] || skip "needs root to create a mount namespace and start polkitd"
    for tool in unshare mount runuser dbus-daemon dbus-send pkexec cmake; do
        command -v "$tool" >/dev/null || skip "$tool is not installed (packaging/install-deps.sh test)"
    done
    polkitd=/usr/lib/polkit-1/polkitd
    [ -x "$polkitd" ] || skip "polkitd is not installed (Debian: polkitd)"
    [ -u "$(command -v pkexec)" ] || skip "pkexec is not setuid root"
    unshare --mount --propagation private true 2>/dev/null || skip "cannot create a mount namespace here"
    work=$(mktemp -d /tmp/perfglass-pkexec-e2e.XXXXXX)
    chmod 755 "$work" # the test user reaches its own out/ below it
    trap 'rm -rf "$work"' EXIT
    DESTDIR="$work/stage" cmake --install "$build" --prefix /usr >"$work/install.log" 2>&1 ||
        { cat "$work/install.log" >&2; fail "cmake --install into the staging directory failed"; }
    status=0
    unshare --mount --propagation private sh "$0" --inside "$work" "$polkitd" || status=$?
    exit "$status"
fi

# Inside the private mount namespace.
work=$2
polkitd=$3
stage=$work/stage
pids=""
cleanup() {
    for pid in $pids; do kill "$pid" 2>/dev/null || true; done
    for pid in $pids; do wait "$pid" 2>/dev/null || true; done
}
trap cleanup EXIT

mount -t overlay overlay -o "lowerdir=$stage/usr:/usr" /usr 2>"$work/overlay.log" ||
    skip "overlayfs over /usr is not possible here: $(cat "$work/overlay.log")"

policy=/usr/share/polkit-1/actions/com.perfglass.helper.policy
helper=/usr/libexec/perfglass-helper
[ -x "$helper" ] || fail "the staged installation has no $helper"
grep -q "<annotate key=\"org.freedesktop.policykit.exec.path\">$helper</annotate>" "$policy" ||
    fail "$policy does not name $helper as exec.path"
/usr/bin/perfglass-cli --version | grep -qx "privileged helper: $helper" ||
    fail "the installed perfglass-cli does not start $helper: $(/usr/bin/perfglass-cli --version)"

# The throwaway user, known only inside this namespace.
user=perfglass-e2e
uid=64990
while getent passwd "$uid" >/dev/null || getent group "$uid" >/dev/null; do uid=$((uid + 1)); done
cp /etc/passwd "$work/passwd"
cp /etc/group "$work/group"
echo "$user:x:$uid:$uid:perfglass pkexec test:/nonexistent:/usr/sbin/nologin" >>"$work/passwd"
echo "$user:x:$uid:" >>"$work/group"
mount --bind "$work/passwd" /etc/passwd
mount --bind "$work/group" /etc/group

# Rules: this user gets com.perfglass.helper without authentication, and every decision is logged.
mkdir -p "$work/rules.d"
cat >"$work/rules.d/50-perfglass-e2e.rules" <<RULES
polkit.addRule(function(action, subject) {
    polkit.log("perfglass-e2e: action=" + action.id + " user=" + subject.user);
    if (action.id == "com.perfglass.helper" && subject.user == "$user")
        return polkit.Result.YES;
    return polkit.Result.NOT_HANDLED;
});
RULES
chmod 755 "$work/rules.d"
chmod 644 "$work/rules.d/50-perfglass-e2e.rules"
mkdir -p /etc/polkit-1/rules.d 2>/dev/null || true
mount --bind "$work/rules.d" /etc/polkit-1/rules.d
if [ -d /usr/share/polkit-1/rules.d ]; then
    mkdir -p "$work/share-rules.d"
    chmod 755 "$work/share-rules.d"
    mount --bind "$work/share-rules.d" /usr/share/polkit-1/rules.d
fi

# tracefs where a desktop system has it (systemd mounts it), if this machine has not.
if [ ! -d /sys/kernel/tracing/events ] && grep -qw tracefs /proc/filesystems; then
    mount -t tracefs nodev /sys/kernel/tracing 2>/dev/null || true
fi

# The system bus at its standard path, and polkitd on it.
mount -t tmpfs -o mode=755 tmpfs /run/dbus
dbus-daemon --system --nofork --nopidfile >"$work/dbus.log" 2>&1 &
pids="$pids $!"
tries=0
until [ -S /run/dbus/system_bus_socket ]; do
    tries=$((tries + 1))
    [ $tries -lt 100 ] || fail "dbus-daemon did not start: $(cat "$work/dbus.log")"
    sleep 0.1
done
"$polkitd" >"$work/polkitd.log" 2>&1 &
pids="$pids $!"
tries=0
until dbus-send --system --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
    org.freedesktop.DBus.NameHasOwner string:org.freedesktop.PolicyKit1 2>/dev/null | grep -q 'boolean true'; do
    tries=$((tries + 1))
    [ $tries -lt 100 ] || fail "polkitd did not start: $(cat "$work/polkitd.log")"
    sleep 0.1
done

out=$work/out
mkdir -p "$out"
chown "$uid:$uid" "$out"
chmod 700 "$out"
as_user() { runuser -u "$user" -- env -i PATH=/usr/bin:/bin HOME="$out" LANG=C.UTF-8 "$@"; }

# The grant is the helper's action only: pkexec of another program is refused (no agent, auth_admin).
if as_user pkexec /usr/bin/true </dev/null >"$work/other.log" 2>&1; then
    fail "pkexec /usr/bin/true succeeded: the rules grant more than com.perfglass.helper"
fi

# The number of samples a report of FILE counts (its header: "# N samples of EVENT, ...").
# The number of samples a report of FILE counts (its first line: "# N samples of EVENT, ..."); the report's
# header goes to the log.
samples() {
    /usr/bin/perfglass-cli report -i "$1" --view flat --limit 3 >"$1.report" 2>&1 || true
    sed -n '/^#/p' "$1.report" | sed 's/^/    /' >&2
    head -1 "$1.report" | sed -n 's/^# \([0-9,]*\) samples.*/\1/p' | tr -d ,
}

# System-wide, which paranoid >= 1 refuses to this user without the helper.
as_user /usr/bin/perfglass-cli record -a -e cpu-clock --duration 1 -o "$out/system.data" </dev/null \
    >"$work/system.log" 2>&1 || fail "record -a through pkexec failed: $(cat "$work/system.log")"
grep -q "perfglass-e2e: action=com.perfglass.helper user=$user" "$work/polkitd.log" ||
    fail "polkitd was not asked for com.perfglass.helper: $(cat "$work/polkitd.log")"
[ -s "$out/system.data" ] || fail "record -a wrote no file"
n=$(samples "$out/system.data")
[ "${n:-0}" -gt 0 ] || fail "the system-wide recording opens with no samples: $(cat "$work/system.log")"
echo "system-wide through pkexec: $n samples ($(tail -1 "$work/system.log"))"

# A tracepoint, system-wide: tracefs is root's, so the recorder reads the tracepoint's format through the helper.
as_user /usr/bin/perfglass-cli record -a -e sched:sched_switch --duration 1 -o "$out/tracepoint.data" </dev/null \
    >"$work/tracepoint.log" 2>&1 ||
    fail "record -e sched:sched_switch -a through pkexec failed: $(cat "$work/tracepoint.log")"
n=$(samples "$out/tracepoint.data")
[ "${n:-0}" -gt 0 ] || fail "the tracepoint recording opens with no samples: $(cat "$work/tracepoint.log")"
echo "sched:sched_switch through pkexec: $n samples ($(tail -1 "$work/tracepoint.log"))"
# Attached to a process of root's whose binary only root may read (a copy of sh in a directory of mode 700):
# the user reads neither the file nor root's /proc/PID/map_files and /proc/PID/root, so the build id of its
# MMAP2 record and its build-id cache entry come from the helper (OpenMappedFile).
private=$work/private
mkdir -m 700 "$private"
cp /bin/sh "$private/spin-private"
"$private/spin-private" -c 'while :; do :; done' </dev/null >/dev/null 2>&1 &
spinner=$!
pids="$pids $spinner"
want=$(readelf -n "$private/spin-private" | sed -n 's/^ *Build ID: *//p')
[ -n "$want" ] || fail "readelf shows no build id of $private/spin-private"
as_user /usr/bin/perfglass-cli record -p "$spinner" -e cpu-clock --duration 1 -o "$out/attach.data" </dev/null \
    >"$work/attach.log" 2>&1 || fail "record -p of root's process through pkexec failed: $(cat "$work/attach.log")"
as_user /usr/bin/perfglass-cli buildid-list -i "$out/attach.data" >"$work/attach.buildids" 2>&1 ||
    fail "buildid-list of the attached recording failed: $(cat "$work/attach.buildids")"
grep -qx "$want $private/spin-private" "$work/attach.buildids" ||
    fail "the attached recording does not list $want $private/spin-private: $(cat "$work/attach.buildids")"
[ -f "$out/.debug$private/spin-private/$want/elf" ] ||
    fail "the user's build-id cache has no $private/spin-private/$want/elf: $(find "$out/.debug" | head -20)"
echo "root's private binary attached through pkexec: build id $want listed and cached"

echo "PASSED: pkexec ran /usr/libexec/perfglass-helper under com.perfglass.helper for $user"

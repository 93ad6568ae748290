#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The tree `cmake --install` wrote (STAGE, prefix layout) is a desktop application by freedesktop.org's rules:
# the files are where desktops look, desktop-file-validate and appstreamcli accept the .desktop file and the
# AppStream metainfo, shared-mime-info compiles the MIME types, and the desktop's default application for an ONNX
# model, a run file and a session file is Quantscope (xdg-mime, as a file manager's double click asks it).
#
#   check_desktop_install.sh STAGE APP_ID
set -euo pipefail
stage=$1 id=$2
share=$stage/share
fail() {
  echo "FAIL: $*" >&2
  exit 1
}

for f in bin/quantscope bin/quantscope-cli libexec/quantscope/quantscope-layout "share/applications/$id.desktop" \
  "share/metainfo/$id.metainfo.xml" \
  "share/icons/hicolor/scalable/apps/$id.svg" "share/mime/packages/$id.xml" share/quantscope/demo/demo_fp32.onnx \
  share/quantscope/demo/demo_int8_dynamic.onnx share/quantscope/targets/onnxruntime-cpu.json; do
  [ -e "$stage/$f" ] || fail "cmake --install did not install $f"
done
echo "installed files: ok"

# Hints count too: they name a category a menu cannot place, say.
out=$(desktop-file-validate "$share/applications/$id.desktop" 2>&1) || fail "desktop-file-validate: $out"
[ -z "$out" ] || fail "desktop-file-validate: $out"
echo "desktop-file-validate $id.desktop: ok"
# Fails on errors and warnings; --no-net: CI may be offline.
appstreamcli validate --no-net "$share/metainfo/$id.metainfo.xml" || fail "appstreamcli validate $id.metainfo.xml"
grep -q "<mediatype>application/x-onnx</mediatype>" "$share/metainfo/$id.metainfo.xml" ||
  fail "the metainfo does not provide application/x-onnx"

# Compile the MIME types and the desktop file database as dpkg's triggers do, in a scratch copy.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r "$share" "$work/share"
out=$(XDG_DATA_DIRS="$work/share" update-mime-database "$work/share/mime" 2>&1) || fail "update-mime-database: $out"
[ -z "$out" ] || fail "update-mime-database: $out"
for t in application/x-onnx application/x-quantscope-run application/x-quantscope-session; do
  grep -qx "$t" "$work/share/mime/types" || fail "$t is not in the compiled MIME database"
done
grep -q '"quantscope-run"' "$work/share/mime/magic" || fail "the run file's magic is not in the compiled MIME database"
echo "update-mime-database: ok"
update-desktop-database "$work/share/applications"
for t in application/x-onnx application/x-quantscope-run application/x-quantscope-session; do
  # No desktop session: xdg-mime's generic mode reads mimeinfo.cache, which update-desktop-database wrote.
  got=$(env -u XDG_CURRENT_DESKTOP -u DESKTOP_SESSION -u KDE_FULL_SESSION -u GNOME_DESKTOP_SESSION_ID \
    XDG_DATA_HOME="$work/home" XDG_CONFIG_HOME="$work/config" XDG_CONFIG_DIRS="$work/config" \
    XDG_DATA_DIRS="$work/share" xdg-mime query default "$t")
  [ "$got" = "$id.desktop" ] || fail "xdg-mime query default $t says '$got', not $id.desktop"
  echo "xdg-mime query default $t: $got"
done
echo "OK: the installed tree is a valid desktop application"

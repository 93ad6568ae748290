#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# `cpack -G DEB` builds a package a user installs with apt: its Depends are runtime packages only (dpkg-shlibdeps'
# libraries and the fonts, never a -dev package), and it holds the binaries, the desktop files and the demo models.
#
#   check_deb.sh BUILD_DIR OUT_DIR APP_ID
set -euo pipefail
build=$1 out=$2 id=$3
fail() {
  echo "FAIL: $*" >&2
  exit 1
}
if ! command -v dpkg-shlibdeps >/dev/null || ! command -v dpkg-deb >/dev/null; then
  echo "SKIP: no dpkg-shlibdeps/dpkg-deb here (not Debian): the .deb cannot be built"
  exit 77
fi
rm -rf "$out"
cpack --config "$build/CPackConfig.cmake" -G DEB -B "$out" >"$out.log" 2>&1 || { cat "$out.log"; fail "cpack -G DEB"; }
deb=$(ls "$out"/quantscope_*.deb 2>/dev/null | head -1)
[ -n "$deb" ] || fail "cpack wrote no quantscope_*.deb into $out"
echo "package: $(basename "$deb") ($(du -h "$deb" | cut -f1))"
depends=$(dpkg-deb -f "$deb" Depends)
echo "Depends: $depends"
dev=$(tr ',' '\n' <<<"$depends" | sed 's/^ *//; s/ .*//' | grep -E -- '-dev$' || true)
[ -z "$dev" ] || fail "Depends names development packages: $dev"
for pkg in libqt6widgets6 libqt6charts6 libdnnl2 libgvc6 libonnx1 fonts-dejavu-core; do
  [[ ", $depends," == *", $pkg"[\ ,]* ]] || fail "Depends lacks $pkg"
done
contents=$(dpkg-deb -c "$deb" | awk '{ print $6 }')
for f in ./usr/bin/quantscope ./usr/bin/quantscope-cli ./usr/libexec/quantscope/quantscope-layout \
  "./usr/share/applications/$id.desktop" "./usr/share/metainfo/$id.metainfo.xml" \
  "./usr/share/icons/hicolor/scalable/apps/$id.svg" \
  "./usr/share/mime/packages/$id.xml" ./usr/share/quantscope/demo/demo_int8_dynamic.onnx; do
  grep -qxF "$f" <<<"$contents" || fail "the package lacks $f"
done
echo "OK: $(basename "$deb") depends on runtime packages only and holds the application"

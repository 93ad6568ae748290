#!/bin/sh
# SPDX-License-Identifier: MIT
# Test setup: makes sure onnxruntime-node 1.30.0 is installed in the cache folder CACHE_DIR (npm install
# --ignore-scripts: the package ships its native binding, nothing is downloaded at install time). Fails when npm is
# missing (.ci/install-deps installs it) or the install fails for another reason; when the npm registry cannot be
# reached it says so and exits 0, and the tests that need onnxruntime-node skip with that message.
set -u
dir=${1:?usage: ensure_ort_node.sh CACHE_DIR}
version=1.30.0
pkg="$dir/node_modules/onnxruntime-node/package.json"
if [ -f "$pkg" ] && grep -q "\"version\": \"$version\"" "$pkg"; then
  echo "onnxruntime-node $version is installed in $dir"
  exit 0
fi
if ! command -v npm >/dev/null 2>&1; then
  echo "npm not found: run .ci/install-deps (Debian's nodejs and npm)" >&2
  exit 1
fi
mkdir -p "$dir" || exit 1
log="$dir/npm-install.log"
echo "installing onnxruntime-node@$version into $dir ..."
if (cd "$dir" && npm install --ignore-scripts --no-audit --no-fund --no-save "onnxruntime-node@$version") >"$log" 2>&1; then
  echo "onnxruntime-node $version installed in $dir"
  exit 0
fi
if grep -Eq "ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|network" "$log"; then
  echo "SKIP: npm cannot reach the registry, so onnxruntime-node is not installed; the tests that need it skip."
  tail -5 "$log"
  exit 0
fi
echo "npm install onnxruntime-node@$version failed:" >&2
tail -20 "$log" >&2
exit 1

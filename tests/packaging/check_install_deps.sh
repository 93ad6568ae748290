#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Does .ci/install-deps install everything this build used? A machine that has a package for another reason (a
# Recommends apt pulled in earlier, something installed by hand) builds fine and hides a missing install step that a
# fresh Debian 12 root hits at once. So: collect the files the configured build and its sub-builds (fuzzer) use, find
# the Debian package owning each (dpkg -S), and fail for every owner that apt would not install from install-deps'
# list with --no-install-recommends, i.e. that is outside the list's Depends/Pre-Depends closure and not part of a
# minimal Debian root (Priority required, apt).
#
#   check_install_deps.sh SOURCE_DIR BUILD_DIR [--compiler CXX]... [--without PKG,PKG]
#
# The files: every absolute path under /usr, /bin, /lib, /sbin, /etc in a CMakeCache.txt (find_package's X_DIR
# config folders, find_library/find_path/find_program results, pkg-config's libraries), every file CMake read while
# configuring (package config files such as dnnl-config.cmake or Qt6ChartsConfig.cmake, listed in
# CMakeFiles/Makefile.cmake or build.ninja) and the runtime libraries each --compiler links for libFuzzer and the
# sanitizers (they are not visible to CMake). --without drops packages from the list: the self-test shows that a
# missing install step is caught. Exit 77 (skipped) on a system without dpkg and apt.
set -euo pipefail
src=$1 build=$2
shift 2
compilers=() without=""
while [ $# -gt 0 ]; do
  case "$1" in
  --compiler) [ -n "$2" ] && compilers+=("$2"); shift 2 ;;
  --without) without=$2; shift 2 ;;
  *) echo "unknown argument $1" >&2; exit 2 ;;
  esac
done
if ! command -v dpkg-query >/dev/null; then
  echo "SKIP: not a Debian system (no dpkg-query): install-deps cannot be checked here"
  exit 77
fi

listed=$("$src/.ci/install-deps" --list)
for pkg in ${without//,/ }; do listed=$(grep -vxF "$pkg" <<<"$listed"); done
# What apt installs for the list without recommends (the Pre-Depends and Depends, followed through the installed
# packages and what they provide, from dpkg's status: no package lists needed), plus what every minimal root has.
closure=$(dpkg-query -W -f='${db:Status-Abbrev}\t${Package}\t${Priority}\t${Provides}\t${Pre-Depends}, ${Depends}\n' |
  awk -F'\t' -v roots="$(tr '\n' ' ' <<<"$listed") apt" '
    function name(s) { gsub(/^ +| +$/, "", s); sub(/[ (:].*/, "", s); return s }
    $1 ~ /^ii/ {
      installed[$2] = 1; depends[$2] = $5
      if ($3 == "required") print $2
      n = split($4, provided, ",")
      for (i = 1; i <= n; ++i) providers[name(provided[i])] = providers[name(provided[i])] " " $2
    }
    END {
      top = split(roots, stack, " ")
      while (top > 0) {
        pkg = stack[top--]
        if (pkg == "" || (pkg in seen)) continue
        seen[pkg] = 1
        if (!(pkg in installed)) { # a virtual package: whatever installed package provides it
          m = split(providers[pkg], via, " ")
          for (i = 1; i <= m; ++i) stack[++top] = via[i]
          continue
        }
        print pkg
        n = split(depends[pkg], groups, ",")
        for (g = 1; g <= n; ++g) { # "a | b": the alternatives that are installed
          k = split(groups[g], alternatives, "|")
          for (a = 1; a <= k; ++a) stack[++top] = name(alternatives[a])
        }
      }
    }' | sort -u)
in_closure() { grep -qxF "$1" <<<"$closure"; }

# Cache entries CMake fills opportunistically and does without (it falls back to binutils' ar/ranlib/strip when
# llvm's are absent; the test driver's valgrind; FindOpenGL's optional EGL/GLU): a path there is no proof of use.
optional_keys='^(CMAKE_(AR|RANLIB|NM|OBJCOPY|OBJDUMP|READELF|STRIP|ADDR2LINE|DLLTOOL|LINKER|MT|TAPI)|CMAKE_[A-Z]+_COMPILER_(AR|RANLIB)|MEMORYCHECK_COMMAND|COVERAGE_COMMAND|OPENGL_(egl|glu|gles[23])_LIBRARY|OPENGL_(EGL|GLES[23])_INCLUDE_DIR)$'

# path<TAB>where it came from
collect() {
  local cache dir
  while IFS= read -r cache; do
    dir=$(dirname "$cache")
    # KEY:TYPE=VALUE; values may be ;-lists
    awk -v where="in ${cache#"$build"/}" -v optional="$optional_keys" '
      /^[A-Za-z0-9_.+-]+:[A-Z]+=/ {
        key = substr($0, 1, index($0, ":") - 1)
        if (key ~ optional) next
        n = split(substr($0, index($0, "=") + 1), values, ";") # values may be ;-lists
        for (i = 1; i <= n; ++i)
          if (values[i] ~ /^\/(usr\/|bin\/|lib|sbin\/|etc\/)/ && values[i] !~ /^\/usr\/local/)
            print values[i] "\t" key " " where
      }' "$cache"
    for f in "$dir/CMakeFiles/Makefile.cmake" "$dir/build.ninja"; do
      [ -f "$f" ] || continue
      grep -oE '/(usr|lib|etc)/[^" ;$]*\.cmake' "$f" | grep -v '^/usr/local' | sed "s|\$|\tread by CMake (${f#"$build"/})|" || true
    done
    # Libraries on the link lines (Makefiles: link.txt per target; Ninja: LINK_LIBRARIES in build.ninja).
    { find "$dir" -name link.txt -path '*/CMakeFiles/*' -exec cat {} + 2>/dev/null
      grep -h 'LINK_LIBRARIES = ' "$dir/build.ninja" 2>/dev/null || true; } |
      grep -oE '/(usr|lib)/[^ ;"]*\.(so|a)(\.[0-9]+)*' | grep -v '^/usr/local' | sort -u |
      sed "s|\$|\tlinked (${dir#"$build"}/.../link.txt)|" || true
  done < <(find "$build" -name CMakeCache.txt -not -path '*/CMakeFiles/*')
  local cxx
  for cxx in "${compilers[@]}"; do
    # -### prints the link command without running it; the runtimes' paths are in it.
    "$cxx" -### -fsanitize=fuzzer,address,undefined -x c++ /dev/null -o /dev/null 2>&1 |
      grep -oE '/[^" ]*libclang_rt\.[^" ]*' | sed "s|\$|\tlibFuzzer/sanitizer runtime of $cxx|" || true
  done
}
collected=$(collect | sort -u -t$'\t' -k1,1)
[ -n "$collected" ] || { echo "FAIL: no CMakeCache.txt under $build" >&2; exit 1; }

# Owners, as `dpkg -S` would print them ("pkg1, pkg2: path"), from dpkg's file lists in one pass (dpkg -S matches every
# path as a pattern against every file and takes a minute for a few hundred). Usrmerge: dpkg may know /lib/x/y as what
# CMake found as /usr/lib/x/y; alternatives (/usr/bin/c++) are resolved to the real file.
owners_of() {
  awk 'NR == FNR { wanted[$0] = 1; next }
       $0 in wanted { pkg = FILENAME; sub(/.*\//, "", pkg); sub(/\.list$/, "", pkg); sub(/:.*/, "", pkg)
                      if ($0 in owners) owners[$0] = owners[$0] ", " pkg; else owners[$0] = pkg }
       END { for (p in owners) print owners[p] ": " p }' <(printf '%s\n' "$@") /var/lib/dpkg/info/*.list
}
paths=$(cut -f1 <<<"$collected")
owned=$(owners_of $paths)
declare -A owner=()
while IFS= read -r line; do
  [ -n "$line" ] && owner["${line#*: }"]=${line%%: *}
done <<<"$owned"
declare -A alias_of=()
retry=()
for p in $paths; do
  [ -n "${owner[$p]:-}" ] && continue
  for a in "$(readlink -f "$p" 2>/dev/null || true)" "${p#/usr}" "/usr$p"; do
    [ -n "$a" ] && [ "$a" != "$p" ] && { retry+=("$a"); alias_of[$a]+=" $p"; }
  done
done
if [ ${#retry[@]} -gt 0 ]; then
  while IFS= read -r line; do
    [ -n "$line" ] || continue
    for p in ${alias_of["${line#*: }"]:-}; do owner[$p]=${line%%: *}; done
  done <<<"$(owners_of "${retry[@]}")"
fi

declare -A missing=()
unowned=()
checked=0
while IFS=$'\t' read -r p where; do
  if [ -z "${owner[$p]:-}" ]; then
    # A folder nobody owns (a build tree, a cache) says nothing; a file nobody owns was installed by hand.
    [ -f "$p" ] && unowned+=("$p ($where)")
    [ -e "$p" ] || { [[ "$where" == *runtime* ]] && unowned+=("$p ($where): not installed"); }
    continue
  fi
  checked=$((checked + 1))
  ok=0
  IFS=', ' read -ra pkgs <<<"${owner[$p]}"
  for pkg in "${pkgs[@]}"; do
    in_closure "${pkg%%:*}" && { ok=1; break; }
  done
  [ $ok = 1 ] || missing["${pkgs[0]%%:*}"]+="    $p ($where)"$'\n'
done <<<"$collected"

echo "checked $checked files and folders the build uses against $(wc -l <<<"$listed") packages of .ci/install-deps" \
  "($(wc -l <<<"$closure") with their dependencies)"
status=0
if [ ${#unowned[@]} -gt 0 ]; then
  printf 'FAIL: no Debian package owns these files the build uses (installed by hand?):\n' >&2
  printf '    %s\n' "${unowned[@]}" >&2
  status=1
fi
if [ ${#missing[@]} -gt 0 ]; then
  for pkg in $(printf '%s\n' "${!missing[@]}" | sort); do
    printf 'FAIL: %s is used by the build but .ci/install-deps does not install it (add it to the list):\n%s' \
      "$pkg" "${missing[$pkg]}" >&2
  done
  echo "missing from install-deps: $(printf '%s\n' "${!missing[@]}" | sort | tr '\n' ' ')"
  status=1
fi
[ $status = 0 ] && echo "OK: install-deps installs every package the build uses"
exit $status

#!/usr/bin/env bash
# Set-up, build and run in one step on Debian 12 / Ubuntu 24.04:
#   packaging/pupiltrack.sh run [track options]   install what is missing, build, track
#   packaging/pupiltrack.sh test                  install what is missing, build, run every test
# Without options, `run` opens the desktop application where there is a display, and otherwise
# tracks the built-in synthetic binocular camera from the command line until Ctrl-C.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_dir=${PT_BUILD_DIR:-"$root/build"}
jobs=$(nproc 2>/dev/null || echo 2)

packages=(
  build-essential cmake ninja-build pkg-config
  libcli11-dev catch2
  libopencv-core-dev libopencv-imgproc-dev libopencv-imgcodecs-dev libopencv-videoio-dev
  # GenICam cameras; Debian's aravis-0.8.pc needs libusb-1.0-0-dev, and the GigE Vision
  # simulator the camera tests start (arv-fake-gv-camera-0.8) ships in aravis-tools.
  libaravis-dev libusb-1.0-0-dev aravis-tools-cli aravis-tools
  # The desktop application; the platform plugins (X11, Wayland, offscreen) are packaged apart.
  qt6-base-dev qt6-qpa-plugins libspdlog-dev
)

install_missing() {
  local missing=()
  for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "installing: ${missing[*]}"
  local sudo=()
  [ "$(id -u)" -eq 0 ] || sudo=(sudo)
  # Another apt (unattended upgrades on a fresh machine) may hold the lock for a while.
  local apt=("${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 -q)
  "${apt[@]}" update
  "${apt[@]}" install -y --no-install-recommends "${missing[@]}"
}

build() {
  local args=(-S "$root" -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=Release)
  # Without a GPU, CMake cannot ask for 'native'; the project's own default list applies.
  cmake "${args[@]}" "$@"
  cmake --build "$build_dir" -j "$jobs"
}

# Whether the track options name an input.
given_input() {
  local arg
  for arg in "$@"; do
    case "$arg" in
      -i | -i?* | --input | --input=*) return 0 ;;
    esac
  done
  return 1
}

case "${1:-run}" in
  run)
    shift || true
    install_missing
    build
    if [ $# -eq 0 ]; then
      if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ] && [ -x "$build_dir/app/pupiltrack" ]; then
        exec "$build_dir/app/pupiltrack"
      fi
      cat >&2 <<EOF
No display: tracking from the command line instead of opening the desktop application.
  $build_dir/app/pupiltrack-cli track --input <synthetic | video file | image folder> [--csv trace.csv]
  $build_dir/app/pupiltrack-cli --help     all commands (track, eval, bench, hessian, ...)
EOF
    fi
    # Options without an input of their own (say, --frames 300) apply to the synthetic camera.
    given_input "$@" || set -- --input synthetic "$@"
    exec "$build_dir/app/pupiltrack-cli" track "$@"
    ;;
  test)
    install_missing
    build -DPT_BUILD_TESTS=ON
    ctest --test-dir "$build_dir" --output-on-failure -j "$jobs"
    ;;
  *)
    echo "usage: $0 run [track options] | test" >&2
    exit 2
    ;;
esac

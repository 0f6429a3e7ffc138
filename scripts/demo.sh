#!/usr/bin/env bash
# The main job end to end, on the embedded defaults. Each step prints what it does.
set -euo pipefail
NAK=${1:-.build/debug/nak-swift}
echo "demo: nak-swift at $NAK"

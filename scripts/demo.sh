#!/usr/bin/env bash
# The main job end to end, on the embedded defaults. Each step prints what it does.
set -euo pipefail
NAK=${1:-.build/debug/nak-swift}
echo "demo: nak-swift at $NAK"

# --- foundation: keys, events, NIP-19, NIP-44 ---
step() { printf '\n== %s\n' "$*"; }

step "generate two keys (alice, bob)"
ALICE_SEC=$("$NAK" key generate)
BOB_SEC=$("$NAK" key generate)
ALICE=$("$NAK" key public "$ALICE_SEC")
BOB=$("$NAK" key public "$BOB_SEC")
echo "alice pubkey: $ALICE"
echo "bob pubkey:   $BOB"
echo "alice npub:   $("$NAK" key public --npub "$ALICE_SEC")"

step "alice builds and signs a note mentioning bob"
NOTE=$("$NAK" event --sec "$ALICE_SEC" -k 1 -c "hello bob, from nak-swift" -p "$BOB" -t t=demo)
echo "$NOTE"

step "verify the note (silent on success)"
echo "$NOTE" | "$NAK" verify && echo "valid"

step "encode the note's id as NIP-19 nevent and decode it back"
ID=$(echo "$NOTE" | sed -E 's/.*"id":"([0-9a-f]{64})".*/\1/')
NEVENT=$("$NAK" encode nevent --author "$ALICE" --relay wss://relay.example "$ID")
echo "$NEVENT"
"$NAK" decode "$NEVENT"

step "alice encrypts a message to bob with NIP-44; bob decrypts it"
PAYLOAD=$("$NAK" encrypt --sec "$ALICE_SEC" -p "$BOB" "meet at noon")
echo "payload: $PAYLOAD"
echo "bob reads: $("$NAK" decrypt --sec "$BOB_SEC" -p "$ALICE" "$PAYLOAD")"

# --- relays: publish, query, count and fetch against a local relay ---
step "start a local relay (serve --port 0) and publish alice's note to it"
SERVE_LOG=$(mktemp)
"$NAK" serve --port 0 --db :memory: 2>"$SERVE_LOG" &
SERVE_PID=$!
trap 'kill $SERVE_PID 2>/dev/null || true; rm -f "$SERVE_LOG"' EXIT
for _ in $(seq 100); do grep -q "relay running at" "$SERVE_LOG" && break; sleep 0.05; done
RELAY=$(sed -nE 's/.*relay running at (ws:[^ ]+).*/\1/p' "$SERVE_LOG" | head -1)
echo "$NOTE" | "$NAK" event "$RELAY"

step "query it back (req exits after EOSE), count it (NIP-45), fetch it by nevent"
"$NAK" req -k 1 -a "$ALICE" "$RELAY"
"$NAK" count -k 1 "$RELAY"
"$NAK" fetch "$("$NAK" encode nevent --relay "$RELAY" "$ID")"

step "a relay that cannot be reached is named, and the exit code says so (3)"
"$NAK" req -k 1 ws://127.0.0.1:1 || echo "exit $?"
kill $SERVE_PID

#!/bin/bash
# Tengen with twice the turn time the manager gives it: a measuring hack for
# 2026-12-02-vct-tempo.md section 4, not part of the engine. TENGEN: the build to run
# (the run used a copy of e7c3a28's release build).
sed -u 's/^INFO timeout_turn 500$/INFO timeout_turn 1000/' | "${TENGEN:-./target/release/pbrain-tengen}"

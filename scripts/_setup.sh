# Sourced by scripts/bot and scripts/test: create .venv and install the project once per pyproject change.
if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
PY=.venv/bin/python
stamp=.venv/.palantir-installed
want=$(sha256sum pyproject.toml | cut -d' ' -f1)
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  echo "== installing dependencies"
  "$PY" -m pip install --quiet --upgrade pip
  "$PY" -m pip install --quiet -e '.[dev]'
  echo "$want" > "$stamp"
fi
export PY

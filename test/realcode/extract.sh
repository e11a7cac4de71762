#!/usr/bin/env bash
# Extract the pinned source files of a fetched public project into DIR.
#   test/realcode/extract.sh GIT_DIR OWNER/NAME DIR
# GIT_DIR is a bare snapshot of the project (the search tool's `fetch`, or
# `git clone --bare`); the commit comes from corpus.tsv.  Files are written
# under DIR/OWNER+NAME (large binaries may be absent from a snapshot); data files (images, archives, binaries) are skipped.
# Nothing is built or run.
set -euo pipefail
[ $# -eq 3 ] || { echo "usage: $0 GIT_DIR OWNER/NAME DIR" >&2; exit 2; }
git_dir=$1 repo=$2 dest=$3/${2/\//+}
here=$(cd "$(dirname "$0")" && pwd)
commit=$(awk -F'\t' -v r="$repo" '$1 == r { print $2; exit }' "$here/corpus.tsv")
[ -n "$commit" ] || { echo "extract: $repo is not in corpus.tsv" >&2; exit 2; }
mkdir -p "$dest"
git -C "$git_dir" ls-tree -r "$commit" |
	awk '$2 == "blob" && $4 !~ /\.(png|jpg|gif|pdf|bin|dat|zip|gz|tgz|ppm|pgm|raw|exe|dll|lib|so|a|doc|docx|pptx)$/ { print $3 "\t" $4 }' |
	while IFS=$'\t' read -r sha path; do
		mkdir -p "$dest/$(dirname "$path")"
		git -C "$git_dir" cat-file blob "$sha" >"$dest/$path" 2>/dev/null || rm -f "$dest/$path"
	done
echo "extract: $repo at $commit in $dest"

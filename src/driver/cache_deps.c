/* The files a job included and their content hashes (cache_parts.h). */
#include "driver/cache_parts.h"

#include <stdlib.h>
#include <string.h>

#include "cuatomlint/strbuf.h"

/* ---- the set of included files ---- */

static size_t str_slot(const char *s, size_t nslots)
{
	return (size_t)(cal_fnv1a_add_str(CAL_FNV1A_SEED, s) & (nslots - 1));
}

/* The slot holding s, or the empty one where it belongs. */
static char **set_slot(char **slots, size_t nslots, const char *s)
{
	size_t i = str_slot(s, nslots);
	while (slots[i] && strcmp(slots[i], s))
		i = (i + 1) & (nslots - 1);
	return &slots[i];
}

void cal_deps_add(struct cal_deps *deps, const char *path)
{
	char **slot;
	size_t i;

	if ((deps->nr + 1) * 2 > deps->alloc) {
		size_t n = deps->alloc ? deps->alloc * 2 : 256;
		char **slots = xcalloc(n, sizeof(*slots));
		for (i = 0; i < deps->alloc; i++)
			if (deps->paths[i])
				*set_slot(slots, n, deps->paths[i]) = deps->paths[i];
		free(deps->paths);
		deps->paths = slots;
		deps->alloc = n;
	}
	slot = set_slot(deps->paths, deps->alloc, path);
	if (!*slot) {
		*slot = xstrdup(path);
		deps->nr++;
	}
}

int cal_deps_has(const struct cal_deps *deps, const char *path)
{
	return deps->alloc && *set_slot(deps->paths, deps->alloc, path) != NULL;
}

void cal_deps_release(struct cal_deps *deps)
{
	size_t i;
	for (i = 0; i < deps->alloc; i++)
		free(deps->paths[i]);
	free(deps->paths);
	memset(deps, 0, sizeof(*deps));
}

/* ---- the memo of file hashes ---- */

struct cal_dep_memo_entry {
	char *path;
	char hash[CAL_CACHE_KEY_LEN + 1];	/* "" when unreadable */
};

void cal_dep_memo_init(struct cal_dep_memo *m)
{
	memset(m, 0, sizeof(*m));
	pthread_mutex_init(&m->lock, NULL);
}

void cal_dep_memo_release(struct cal_dep_memo *m)
{
	size_t i;
	for (i = 0; i < m->alloc; i++)
		free(m->items[i].path);
	free(m->items);
	pthread_mutex_destroy(&m->lock);
}

void cal_dep_memo_hash(struct cal_dep_memo *m, const char *path, char out[CAL_CACHE_KEY_LEN + 1])
{
	struct cal_dep_memo_entry *e;
	size_t i;
	char h[CAL_CACHE_KEY_LEN + 1];

	pthread_mutex_lock(&m->lock);
	if ((m->nr + 1) * 2 > m->alloc) {
		size_t n = m->alloc ? m->alloc * 2 : 1024;
		struct cal_dep_memo_entry *items = xcalloc(n, sizeof(*items));
		for (i = 0; i < m->alloc; i++) {
			size_t j;
			if (!m->items[i].path)
				continue;
			for (j = str_slot(m->items[i].path, n); items[j].path; j = (j + 1) & (n - 1))
				;
			items[j] = m->items[i];
		}
		free(m->items);
		m->items = items;
		m->alloc = n;
	}
	for (i = str_slot(path, m->alloc); m->items[i].path; i = (i + 1) & (m->alloc - 1))
		if (!strcmp(m->items[i].path, path))
			break;
	e = &m->items[i];
	if (!e->path) {
		/* hashed under the lock: simple, and the memo makes it rare */
		if (cal_cache_hash_file(path, h) < 0)
			h[0] = '\0';
		e->path = xstrdup(path);
		memcpy(e->hash, h, sizeof(h));
		m->nr++;
	}
	memcpy(out, e->hash, sizeof(e->hash));
	pthread_mutex_unlock(&m->lock);
}

/* ---- an entry's section of them ---- */

void cal_deps_write(struct cal_dep_memo *m, const char *skip_prefix, const struct cal_deps *deps,
		    struct strbuf *sb)
{
	size_t i, n = 0;
	char hash[CAL_CACHE_KEY_LEN + 1];

	for (i = 0; i < deps->alloc; i++)
		n += deps->paths[i] && strncmp(deps->paths[i], skip_prefix, strlen(skip_prefix));
	cal_cache_put_num(sb, n);
	strbuf_addch(sb, '\n');
	for (i = 0; i < deps->alloc; i++) {
		const char *p = deps->paths[i];
		if (!p || !strncmp(p, skip_prefix, strlen(skip_prefix)))
			continue;	/* the prelude: hashed into every key */
		cal_dep_memo_hash(m, p, hash);
		cal_cache_put_str(sb, p);
		cal_cache_put_str(sb, hash);
		strbuf_addch(sb, '\n');
	}
}

int cal_deps_read_unchanged(struct cal_dep_memo *m, struct cal_cache_reader *r,
			    struct cal_deps *deps)
{
	size_t i, n = cal_cache_get_count(r);
	int same = 1;
	char now[CAL_CACHE_KEY_LEN + 1];

	for (i = 0; i < n && !r->bad; i++) {
		char *path = cal_cache_get_str(r), *hash = cal_cache_get_str(r);
		if (!r->bad && same && (!path || !hash))
			r->bad = 1;
		if (!r->bad && same) {
			cal_dep_memo_hash(m, path, now);
			same = now[0] && !strcmp(now, hash);
			cal_deps_add(deps, path);
		}
		free(path);
		free(hash);
	}
	return same && !r->bad;
}

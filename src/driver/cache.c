#include "driver/cache.h"

#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "parse/check.h"
#include "cuatomlint/strbuf.h"
#include "cuatomlint/version.h"
#include "parse/parse.h"

#define ENTRY_MAGIC "cuatomlint-cache 1\n"

/* ---- hashing: 128 bits from two 64-bit lanes, 8 bytes a step ---- */

struct hash {
	uint64_t a, b, len;
};

static uint64_t rotl(uint64_t x, int r)
{
	return (x << r) | (x >> (64 - r));
}

static uint64_t fmix(uint64_t k)
{
	k ^= k >> 33;
	k *= 0xff51afd7ed558ccdULL;
	k ^= k >> 33;
	k *= 0xc4ceb9fe1a85ec53ULL;
	k ^= k >> 33;
	return k;
}

static void hash_init(struct hash *h)
{
	h->a = 0x9e3779b97f4a7c15ULL;
	h->b = 0xc2b2ae3d27d4eb4fULL;
	h->len = 0;
}

static void hash_word(struct hash *h, uint64_t w)
{
	h->a = rotl(h->a ^ (w * 0x87c37b91114253d5ULL), 31) * 0x4cf5ad432745937fULL;
	h->b = (rotl(h->b + w, 27) ^ h->a) * 0x52dce729ULL + 0x38495ab5ULL;
}

static void hash_bytes(struct hash *h, const void *data, size_t len)
{
	const unsigned char *p = data;
	uint64_t w;

	h->len += len;
	for (; len >= 8; p += 8, len -= 8) {
		memcpy(&w, p, 8);
		hash_word(h, w);
	}
	if (len) {
		w = 0;
		memcpy(&w, p, len);
		hash_word(h, w ^ ((uint64_t)len << 56));
	}
}

/* A string with its length, so "ab"+"c" and "a"+"bc" differ. */
static void hash_str(struct hash *h, const char *s)
{
	uint64_t n = s ? strlen(s) + 1 : 0;
	hash_bytes(h, &n, sizeof(n));
	if (s)
		hash_bytes(h, s, n);
}

static void hash_hex(struct hash *h, char out[CAL_CACHE_KEY_LEN + 1])
{
	uint64_t a = fmix(h->a ^ h->len), b = fmix(h->b + a);
	snprintf(out, CAL_CACHE_KEY_LEN + 1, "%016" PRIx64 "%016" PRIx64, fmix(a + b), b);
}

static int hash_file(const char *path, char out[CAL_CACHE_KEY_LEN + 1])
{
	struct strbuf sb = STRBUF_INIT;
	struct hash h;

	if (read_file(path, &sb) < 0)
		return -1;
	hash_init(&h);
	hash_bytes(&h, sb.buf, sb.len);
	hash_hex(&h, out);
	strbuf_release(&sb);
	return 0;
}

/* ---- the set of included files ---- */

static size_t str_slot(const char *s, size_t nslots)
{
	uint64_t x = 1469598103934665603ULL;
	for (; *s; s++)
		x = (x ^ (unsigned char)*s) * 1099511628211ULL;
	return (size_t)(x & (nslots - 1));
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

void cal_deps_release(struct cal_deps *deps)
{
	size_t i;
	for (i = 0; i < deps->alloc; i++)
		free(deps->paths[i]);
	free(deps->paths);
	memset(deps, 0, sizeof(*deps));
}

/* ---- the cache ---- */

struct memo_entry {
	char *path;
	char hash[CAL_CACHE_KEY_LEN + 1];	/* "" when unreadable */
};

struct cal_cache {
	char *dir;
	char *env_dir;		/* the private prelude dir: never a dependency */
	struct hash run;	/* everything every key shares */
	int verbose;
	pthread_mutex_t lock;
	struct memo_entry *memo;	/* open-addressed by path */
	size_t nr_memo, alloc_memo;
};

/* Hash of path's content into out ("" if unreadable), computed once per run. */
static void memo_hash(struct cal_cache *c, const char *path, char out[CAL_CACHE_KEY_LEN + 1])
{
	struct memo_entry *e;
	size_t i;
	char h[CAL_CACHE_KEY_LEN + 1];

	pthread_mutex_lock(&c->lock);
	if ((c->nr_memo + 1) * 2 > c->alloc_memo) {
		size_t n = c->alloc_memo ? c->alloc_memo * 2 : 1024;
		struct memo_entry *m = xcalloc(n, sizeof(*m));
		for (i = 0; i < c->alloc_memo; i++) {
			size_t j;
			if (!c->memo[i].path)
				continue;
			for (j = str_slot(c->memo[i].path, n); m[j].path; j = (j + 1) & (n - 1))
				;
			m[j] = c->memo[i];
		}
		free(c->memo);
		c->memo = m;
		c->alloc_memo = n;
	}
	for (i = str_slot(path, c->alloc_memo); c->memo[i].path; i = (i + 1) & (c->alloc_memo - 1))
		if (!strcmp(c->memo[i].path, path))
			break;
	e = &c->memo[i];
	if (!e->path) {
		/* hashed under the lock: simple, and the memo makes it rare */
		if (hash_file(path, h) < 0)
			h[0] = '\0';
		e->path = xstrdup(path);
		memcpy(e->hash, h, sizeof(h));
		c->nr_memo++;
	}
	memcpy(out, e->hash, sizeof(e->hash));
	pthread_mutex_unlock(&c->lock);
}

/* Names and contents of the files under dir, in a stable order. */
static void hash_tree(struct hash *h, const char *dir, int depth)
{
	struct dirent **names;
	int n, i;

	n = scandir(dir, &names, NULL, alphasort);
	for (i = 0; i < n; i++) {
		char *p = xasprintf("%s/%s", dir, names[i]->d_name);
		struct strbuf sb = STRBUF_INIT;
		struct stat st;

		if (names[i]->d_name[0] != '.' && stat(p, &st) == 0) {
			hash_str(h, names[i]->d_name);
			if (S_ISDIR(st.st_mode) && depth < 8)
				hash_tree(h, p, depth + 1);
			else if (read_file(p, &sb) == 0)
				hash_bytes(h, sb.buf, sb.len);
		}
		strbuf_release(&sb);
		free(p);
		free(names[i]);
	}
	if (n >= 0)
		free(names);
}

static void hash_run(struct cal_cache *c, const struct cal_env *env, int per_arch_parses)
{
	CXString clang = clang_getClangVersion();
	char cwd[PATH_MAX], exe[CAL_CACHE_KEY_LEN + 1];

	hash_init(&c->run);
	hash_str(&c->run, CUATOMLINT_VERSION);
	hash_str(&c->run, clang_getCString(clang));
	clang_disposeString(clang);
	/* a rebuilt tool may judge code differently under the same version */
	hash_str(&c->run, hash_file("/proc/self/exe", exe) == 0 ? exe : "");
	hash_str(&c->run, getcwd(cwd, sizeof(cwd)) ? cwd : "");
	hash_str(&c->run, env->cuda_path);
	hash_str(&c->run, env->cccl_include);
	hash_bytes(&c->run, &env->ver_major, sizeof(env->ver_major));
	hash_bytes(&c->run, &env->ver_minor, sizeof(env->ver_minor));
	hash_bytes(&c->run, &env->ver_build, sizeof(env->ver_build));
	hash_tree(&c->run, env->dir, 0);
	hash_bytes(&c->run, &per_arch_parses, sizeof(per_arch_parses));
}

static int make_dir(const char *dir)
{
	char *tag;
	FILE *f;

	struct stat st;

	if (mkdir(dir, 0777) < 0 && errno != EEXIST)
		return -1;
	if (stat(dir, &st) < 0)
		return -1;
	if (!S_ISDIR(st.st_mode)) {
		errno = ENOTDIR;
		return -1;
	}
	if (access(dir, W_OK | X_OK) < 0)
		return -1;
	/* backup tools skip it, git ignores it */
	tag = xasprintf("%s/CACHEDIR.TAG", dir);
	if (access(tag, F_OK) < 0 && (f = fopen(tag, "w"))) {
		fputs("Signature: 8a477f597d28d172789f06886806bc55\n"
		      "# cuatomlint's result cache; see docs/usage.md.\n", f);
		fclose(f);
	}
	free(tag);
	tag = xasprintf("%s/.gitignore", dir);
	if (access(tag, F_OK) < 0 && (f = fopen(tag, "w"))) {
		fputs("*\n", f);
		fclose(f);
	}
	free(tag);
	return 0;
}

struct cal_cache *cal_cache_open(const char *dir, const struct cal_env *env,
				 int per_arch_parses, int verbose)
{
	struct cal_cache *c;

	if (make_dir(dir) < 0) {
		fprintf(stderr, "cuatomlint: warning: cannot use cache directory '%s': %s; "
			"running without a cache\n", dir, strerror(errno));
		return NULL;
	}
	c = xcalloc(1, sizeof(*c));
	c->dir = xstrdup(dir);
	c->env_dir = xasprintf("%s/", env->dir);
	c->verbose = verbose;
	pthread_mutex_init(&c->lock, NULL);
	hash_run(c, env, per_arch_parses);
	return c;
}

void cal_cache_close(struct cal_cache *c)
{
	size_t i;
	if (!c)
		return;
	for (i = 0; i < c->alloc_memo; i++)
		free(c->memo[i].path);
	free(c->memo);
	pthread_mutex_destroy(&c->lock);
	free(c->dir);
	free(c->env_dir);
	free(c);
}

void cal_cache_key(const struct cal_cache *c, const struct cal_job *job,
		   char key[CAL_CACHE_KEY_LEN + 1])
{
	struct hash h = c->run;
	int i;

	hash_str(&h, job->file);
	for (i = 0; i < job->args.n; i++)
		hash_str(&h, job->args.v[i]);
	hash_str(&h, "\n");
	for (i = 0; i < job->targets.n; i++) {
		/* field by field: struct padding is not data */
		uint64_t t = (uint64_t)job->targets.t[i].sm << 8 | (unsigned char)job->targets.t[i].suffix;
		hash_bytes(&h, &t, sizeof(t));
	}
	hash_bytes(&h, &job->targets.n, sizeof(job->targets.n));
	hash_bytes(&h, job->enabled, sizeof(job->enabled));
	hash_bytes(&h, &job->config->scope_system, sizeof(job->config->scope_system));
	for (i = 0; i < (int)job->config->options.nr; i++) {	/* check options change findings */
		hash_str(&h, job->config->options.items[i].key);
		hash_str(&h, job->config->options.items[i].value);
	}
	hash_hex(&h, key);
}

/* ---- serialization: numbers "N ", strings "LEN:BYTES " or "~ " ---- */

static void put_num(struct strbuf *sb, uint64_t n)
{
	strbuf_addf(sb, "%" PRIu64 " ", n);
}

static void put_str(struct strbuf *sb, const char *s)
{
	if (!s) {
		strbuf_adds(sb, "~ ");
		return;
	}
	strbuf_addf(sb, "%zu:", strlen(s));
	strbuf_adds(sb, s);
	strbuf_addch(sb, ' ');
}

static void put_pos(struct strbuf *sb, const struct cal_pos *p)
{
	put_str(sb, p->file);
	put_num(sb, p->offset);
	put_num(sb, p->line);
	put_num(sb, p->column);
}

static void put_range(struct strbuf *sb, const struct cal_range *r)
{
	put_pos(sb, &r->begin);
	put_pos(sb, &r->end);
}

static void put_fix(struct strbuf *sb, const struct cal_fix *fix)
{
	size_t i;
	put_str(sb, fix->description);
	put_num(sb, fix->nr_edits);
	for (i = 0; i < fix->nr_edits; i++) {
		const struct cal_edit *e = &fix->edits[i];
		put_str(sb, e->file);
		put_num(sb, e->offset);
		put_num(sb, e->length);
		put_str(sb, e->replacement);
		put_num(sb, e->line);
		put_num(sb, e->column);
		put_num(sb, e->end_line);
		put_num(sb, e->end_column);
		put_num(sb, e->file_hash);
	}
}

static void put_finding(struct strbuf *sb, const struct cal_finding *f)
{
	size_t i;
	put_str(sb, f->check);
	put_num(sb, f->severity);
	put_range(sb, &f->range);
	put_str(sb, f->message);
	put_num(sb, f->archs);
	put_num(sb, (uint64_t)f->arch_specific);
	put_num(sb, (uint64_t)f->partial_parse);
	put_num(sb, (uint64_t)f->system_header);
	put_num(sb, f->nr_notes);
	for (i = 0; i < f->nr_notes; i++) {
		put_range(sb, &f->notes[i].range);
		put_str(sb, f->notes[i].message);
	}
	put_num(sb, f->nr_fixes);
	for (i = 0; i < f->nr_fixes; i++)
		put_fix(sb, &f->fixes[i]);
	strbuf_addch(sb, '\n');
}

void cal_findings_serialize(const struct cal_findings *list, struct strbuf *out)
{
	size_t i;
	put_num(out, list->nr);
	strbuf_addch(out, '\n');
	for (i = 0; i < list->nr; i++)
		put_finding(out, &list->items[i]);
	strbuf_adds(out, "end\n");
}

struct reader {
	const char *p, *end;
	int bad;
};

static void skip_space(struct reader *r)
{
	while (r->p < r->end && (*r->p == ' ' || *r->p == '\n'))
		r->p++;
}

static uint64_t get_num(struct reader *r, uint64_t max)
{
	uint64_t n = 0;
	int digits = 0;

	skip_space(r);
	for (; r->p < r->end && *r->p >= '0' && *r->p <= '9'; r->p++, digits++) {
		uint64_t d = (uint64_t)(*r->p - '0');
		if (n > (UINT64_MAX - d) / 10)
			r->bad = 1;
		n = n * 10 + d;
	}
	if (!digits || n > max)
		r->bad = 1;
	return r->bad ? 0 : n;
}

static unsigned get_uint(struct reader *r)
{
	return (unsigned)get_num(r, UINT_MAX);
}

static char *get_str(struct reader *r)
{
	uint64_t n;

	skip_space(r);
	if (r->p < r->end && *r->p == '~') {
		r->p++;
		return NULL;
	}
	n = get_num(r, (uint64_t)(r->end - r->p));
	if (r->bad || r->p >= r->end || *r->p != ':' || (uint64_t)(r->end - r->p - 1) < n) {
		r->bad = 1;
		return NULL;
	}
	r->p += 1 + n;
	return xstrndup(r->p - n, (size_t)n);
}

static void get_pos(struct reader *r, struct cal_pos *p)
{
	p->file = get_str(r);
	p->offset = get_uint(r);
	p->line = get_uint(r);
	p->column = get_uint(r);
}

static void get_range(struct reader *r, struct cal_range *range)
{
	get_pos(r, &range->begin);
	get_pos(r, &range->end);
}

/* Checks name themselves by static strings: find the one this names. */
static const char *check_id(const char *name)
{
	int i;
	if (!name)
		return NULL;
	if (!strcmp(name, CAL_CHECK_CLANG_ERROR))
		return CAL_CHECK_CLANG_ERROR;
	if (!strcmp(name, CAL_CHECK_PARTIAL_PARSE))
		return CAL_CHECK_PARTIAL_PARSE;
	for (i = 0; i < cal_nr_checks; i++)
		if (!strcmp(name, cal_checks[i]->id))
			return cal_checks[i]->id;
	return NULL;
}

/* Counts bound arrays by what is left to read: a corrupt count cannot allocate much. */
static size_t get_count(struct reader *r)
{
	return (size_t)get_num(r, (uint64_t)(r->end - r->p));
}

static void get_fix(struct reader *r, struct cal_finding *f)
{
	char *desc = get_str(r);
	struct cal_fix *fix = cal_finding_add_fix(f, desc ? desc : "");
	size_t i, n = get_count(r);

	free(desc);
	for (i = 0; i < n && !r->bad; i++) {
		struct cal_edit e;
		memset(&e, 0, sizeof(e));	/* file_hash 0: unknown, the rewriter refuses */
		e.file = get_str(r);
		e.offset = get_uint(r);
		e.length = get_uint(r);
		e.replacement = get_str(r);
		e.line = get_uint(r);
		e.column = get_uint(r);
		e.end_line = get_uint(r);
		e.end_column = get_uint(r);
		e.file_hash = get_num(r, UINT64_MAX);
		r->bad |= !e.file || !e.replacement;
		if (!r->bad)
			cal_fix_add_edit(fix, &e);
		free(e.file);
		free(e.replacement);
	}
}

static void get_finding(struct reader *r, struct cal_finding *f)
{
	char *name = get_str(r);
	size_t i, n;

	f->check = check_id(name);
	free(name);
	r->bad |= !f->check;
	f->severity = (enum cal_severity)get_num(r, CAL_SEV_ERROR);
	get_range(r, &f->range);
	f->message = get_str(r);
	f->archs = get_num(r, UINT64_MAX);
	f->arch_specific = (int)get_num(r, 1);
	f->partial_parse = (int)get_num(r, 1);
	f->system_header = (int)get_num(r, 1);
	n = get_count(r);
	for (i = 0; i < n && !r->bad; i++) {
		struct cal_range range;
		char *msg;
		memset(&range, 0, sizeof(range));
		get_range(r, &range);
		msg = get_str(r);
		if (!r->bad)
			cal_finding_add_note(f, &range, msg ? msg : "");
		cal_range_clear(&range);
		free(msg);
	}
	n = get_count(r);
	for (i = 0; i < n && !r->bad; i++)
		get_fix(r, f);
	r->bad |= !f->message;
}

int cal_findings_deserialize(const char *text, size_t len, struct cal_findings *out)
{
	struct reader r = { text, text + len, 0 };
	struct cal_findings got = { NULL, 0, 0 };
	size_t i, n = get_count(&r);

	for (i = 0; i < n && !r.bad; i++) {
		struct cal_finding f;
		memset(&f, 0, sizeof(f));
		get_finding(&r, &f);
		cal_findings_take(&got, &f);
	}
	skip_space(&r);
	if (r.bad || (size_t)(r.end - r.p) < 4 || memcmp(r.p, "end\n", 4)) {
		cal_findings_release(&got);
		return -1;
	}
	for (i = 0; i < got.nr; i++)
		cal_findings_take(out, &got.items[i]);
	cal_findings_release(&got);
	return 0;
}

/* ---- entries: magic, file, dependencies, findings ---- */

static char *entry_path(const struct cal_cache *c, const char *key)
{
	return xasprintf("%s/%s", c->dir, key);
}

/* The entry's dependencies (added to deps) all unchanged?  Advances r past them. */
static int deps_unchanged(struct cal_cache *c, struct reader *r, struct cal_deps *deps)
{
	size_t i, n = get_count(r);
	int same = 1;
	char now[CAL_CACHE_KEY_LEN + 1];

	for (i = 0; i < n && !r->bad; i++) {
		char *path = get_str(r), *hash = get_str(r);
		if (!r->bad && same && (!path || !hash))
			r->bad = 1;
		if (!r->bad && same) {
			memo_hash(c, path, now);
			same = now[0] && !strcmp(now, hash);
			cal_deps_add(deps, path);
		}
		free(path);
		free(hash);
	}
	return same && !r->bad;
}

int cal_cache_lookup(struct cal_cache *c, const char *key, const char *file,
		     struct cal_findings *out, struct cal_deps *deps)
{
	struct strbuf sb = STRBUF_INIT;
	char *path = entry_path(c, key), *name = NULL;
	struct reader r;
	int hit = 0;
	const char *why = "no entry";

	if (read_file(path, &sb) < 0)
		goto out;
	why = "entry corrupt, ignored";
	if (sb.len < strlen(ENTRY_MAGIC) || memcmp(sb.buf, ENTRY_MAGIC, strlen(ENTRY_MAGIC)))
		goto out;
	r.p = sb.buf + strlen(ENTRY_MAGIC);
	r.end = sb.buf + sb.len;
	r.bad = 0;
	name = get_str(&r);
	if (r.bad || !name || strcmp(name, file))
		goto out;
	hit = deps_unchanged(c, &r, deps);
	why = r.bad ? "entry corrupt, ignored" : "an included file changed";
	if (hit && cal_findings_deserialize(r.p, (size_t)(r.end - r.p), out) < 0) {
		hit = 0;
		why = "entry corrupt, ignored";
	}
out:
	if (!hit)
		cal_deps_release(deps);
	if (c->verbose)
		fprintf(stderr, hit ? "cuatomlint: cache hit %s\n" : "cuatomlint: cache miss %s: %s\n",
			file, why);
	free(name);
	free(path);
	strbuf_release(&sb);
	return hit;
}

static void put_deps(struct cal_cache *c, struct strbuf *sb, const struct cal_deps *deps)
{
	size_t i, n = 0;
	char hash[CAL_CACHE_KEY_LEN + 1];

	for (i = 0; i < deps->alloc; i++)
		n += deps->paths[i] && strncmp(deps->paths[i], c->env_dir, strlen(c->env_dir));
	put_num(sb, n);
	strbuf_addch(sb, '\n');
	for (i = 0; i < deps->alloc; i++) {
		const char *p = deps->paths[i];
		if (!p || !strncmp(p, c->env_dir, strlen(c->env_dir)))
			continue;	/* the prelude: hashed into every key */
		memo_hash(c, p, hash);
		put_str(sb, p);
		put_str(sb, hash);
		strbuf_addch(sb, '\n');
	}
}

void cal_cache_store(struct cal_cache *c, const char *key, const char *file,
		     const struct cal_deps *deps, const struct cal_findings *findings)
{
	struct strbuf sb = STRBUF_INIT;
	char *tmp = xasprintf("%s/tmp.XXXXXX", c->dir), *path = entry_path(c, key);
	int fd, ok;

	strbuf_adds(&sb, ENTRY_MAGIC);
	put_str(&sb, file);
	strbuf_addch(&sb, '\n');
	put_deps(c, &sb, deps);
	cal_findings_serialize(findings, &sb);
	fd = mkstemp(tmp);
	ok = fd >= 0 && write_all(fd, sb.buf, sb.len) == 0;
	if (fd >= 0 && close(fd) < 0)
		ok = 0;
	if (ok)
		ok = rename(tmp, path) == 0;
	if (!ok && fd >= 0)
		unlink(tmp);
	if (c->verbose)
		fprintf(stderr, ok ? "cuatomlint: cache stored %s\n"
				   : "cuatomlint: cache: cannot store %s\n", file);
	free(tmp);
	free(path);
	strbuf_release(&sb);
}

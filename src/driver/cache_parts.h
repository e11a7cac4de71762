/*
 * The parts of the result cache (cache.h), for its own files only:
 *   cache_key.c     the run's hash and each job's key; file content hashes
 *   cache_format.c  the text format of entries and the findings in it
 *   cache_deps.c    the set of files a job included, their hashes (a memo
 *                   shared by the workers) and the entry's section of them
 *   cache.c         the directory and its entries: open, lookup, store
 */
#ifndef CUATOMLINT_CACHE_PARTS_H
#define CUATOMLINT_CACHE_PARTS_H

#include <pthread.h>
#include <stdint.h>

#include "driver/cache.h"
#include "util/hash.h"

/* ---- cache_key.c ---- */

/* The content hash of the file at path; 0, or -1 if it cannot be read. */
int cal_cache_hash_file(const char *path, char out[CAL_CACHE_KEY_LEN + 1]);
/* What every key of a run shares: the tool, the CUDA environment, the directory. */
void cal_cache_run_hash(struct cal_hash128 *run, const struct cal_env *env, int per_arch_parses);

/* ---- cache_format.c: numbers "N ", strings "LEN:BYTES " or "~ " (NULL) ---- */

struct cal_cache_reader {
	const char *p, *end;
	int bad;		/* set by any read that fails; later reads return nothing */
};

void cal_cache_put_num(struct strbuf *sb, uint64_t n);
void cal_cache_put_str(struct strbuf *sb, const char *s);
char *cal_cache_get_str(struct cal_cache_reader *r);
/* A count, bound by what is left to read: a corrupt count cannot allocate much. */
size_t cal_cache_get_count(struct cal_cache_reader *r);

/* ---- cache_deps.c ---- */

struct cal_dep_memo_entry;

/* The content hash of every dependency, computed once per run; behind a lock. */
struct cal_dep_memo {
	pthread_mutex_t lock;
	struct cal_dep_memo_entry *items;	/* open-addressed by path */
	size_t nr, alloc;
};

void cal_dep_memo_init(struct cal_dep_memo *m);
void cal_dep_memo_release(struct cal_dep_memo *m);
/* Hash of path's content into out ("" if unreadable). */
void cal_dep_memo_hash(struct cal_dep_memo *m, const char *path, char out[CAL_CACHE_KEY_LEN + 1]);
/* An entry's dependencies: those of deps not under skip_prefix, with their hashes. */
void cal_deps_write(struct cal_dep_memo *m, const char *skip_prefix, const struct cal_deps *deps,
		    struct strbuf *sb);
/* The entry's dependencies (added to deps) all unchanged?  Advances r past them. */
int cal_deps_read_unchanged(struct cal_dep_memo *m, struct cal_cache_reader *r,
			    struct cal_deps *deps);

/* ---- cache.c ---- */

struct cal_cache {
	char *dir;
	char *env_dir;		/* the private prelude dir: never a dependency */
	struct cal_hash128 run;	/* everything every key shares */
	int verbose;
	struct cal_dep_memo memo;
};

#endif

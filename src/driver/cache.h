/*
 * The result cache: a job whose inputs are unchanged is not parsed again;
 * its findings come from the cache.
 *
 * An entry is found by a key hashed from everything known before the
 * parse: the tool (version, the executable's own bytes, libclang's
 * version), the CUDA environment (toolkit path and version, the files of
 * the prelude), the working directory, the job (file, clang arguments,
 * targets, enabled checks, config options).  What the parse reads is only
 * known after it, so the entry stores the path and content hash of every
 * file the translation unit included (clang_getInclusions); a lookup
 * hashes those files again and uses the entry only if none changed.
 *
 * The value is the job's findings before any run-wide processing, in a
 * compact serialization of its own, so output from the cache is the same
 * as from a parse.  Entries are written to a temporary file and renamed,
 * so a reader never sees half an entry; one that does not read back
 * (corrupt, truncated, from another version) is ignored and replaced.
 * Jobs whose file could not be parsed are never cached.
 *
 * Workers share one struct cal_cache: its memo of file hashes (every
 * translation unit includes the same CUDA headers) is behind a lock.
 */
#ifndef CUATOMLINT_CACHE_H
#define CUATOMLINT_CACHE_H

#include <stdint.h>

#include "cuatomlint/finding.h"
#include "cuatomlint/strbuf.h"
#include "driver/jobs.h"
#include "parse/toolkit.h"

#define CAL_CACHE_DEFAULT_DIR ".cuatomlint-cache"
#define CAL_CACHE_KEY_LEN 32	/* hex digits */

struct cal_cache;

/* The set of files one job's parses included. */
struct cal_deps {
	char **paths;
	size_t nr, alloc;	/* alloc: slots of the open-addressed set */
};

void cal_deps_add(struct cal_deps *deps, const char *path);
int cal_deps_has(const struct cal_deps *deps, const char *path);
void cal_deps_release(struct cal_deps *deps);

/*
 * Open (create) the cache in dir for a run in env.  Returns NULL after a
 * warning if dir cannot be used: the run goes on without a cache.
 */
struct cal_cache *cal_cache_open(const char *dir, const struct cal_env *env,
				 int per_arch_parses, int verbose);
void cal_cache_close(struct cal_cache *cache);
/* Results depend on s too (a setting outside the job): it joins every key. */
void cal_cache_salt(struct cal_cache *cache, const char *s);

/* The key of job, as CAL_CACHE_KEY_LEN hex digits and a NUL. */
void cal_cache_key(const struct cal_cache *cache, const struct cal_job *job,
		   char key[CAL_CACHE_KEY_LEN + 1]);

/*
 * 1, the findings appended to out and the files the entry depends on added
 * to deps, if the entry exists and none of those files changed; else 0.
 */
int cal_cache_lookup(struct cal_cache *cache, const char *key, const char *file,
		     struct cal_findings *out, struct cal_deps *deps);
void cal_cache_store(struct cal_cache *cache, const char *key, const char *file,
		     const struct cal_deps *deps, const struct cal_findings *findings);

/* Serialization of findings, exposed for the unit test. */
void cal_findings_serialize(const struct cal_findings *list, struct strbuf *out);
/* Appends to out; returns 0, or -1 (out unchanged) if text is not valid. */
int cal_findings_deserialize(const char *text, size_t len, struct cal_findings *out);

#endif

/*
 * The string vector: owned copies, always NULL-terminated (v[n] == NULL
 * once anything was pushed), so it serves as an argv for clang as well as
 * a list of names.  Zero-initialize; cal_argv_clear() frees it.
 */
#ifndef CUATOMLINT_UTIL_STRVEC_H
#define CUATOMLINT_UTIL_STRVEC_H

struct cal_argv {
	char **v;
	int n, alloc;
};

void cal_argv_push(struct cal_argv *a, const char *arg);
void cal_argv_pushf(struct cal_argv *a, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* How many strings of a equal s. */
int cal_argv_count(const struct cal_argv *a, const char *s);
void cal_argv_clear(struct cal_argv *a);

#endif

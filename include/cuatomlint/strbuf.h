/*
 * strbuf: a growable, always NUL-terminated byte buffer with a hard cap.
 *
 * Invariants: buf is never NULL after strbuf_init (it points at a static
 * empty string until the first append), len < alloc unless alloc == 0.
 * Appends that would pass STRBUF_MAX_LEN fail with -1 and leave the buffer
 * unchanged, so a runaway input cannot eat all memory.  The owner calls
 * strbuf_release; strbuf_detach hands the heap string to the caller.
 */
#ifndef CUATOMLINT_STRBUF_H
#define CUATOMLINT_STRBUF_H

#include <stdarg.h>
#include <stddef.h>

#define STRBUF_MAX_LEN ((size_t)256 * 1024 * 1024)

struct strbuf {
	char *buf;
	size_t len;
	size_t alloc;
};

#define STRBUF_INIT { strbuf_empty, 0, 0 }
extern char strbuf_empty[];

void strbuf_init(struct strbuf *sb);
void strbuf_release(struct strbuf *sb);
char *strbuf_detach(struct strbuf *sb);
void strbuf_reset(struct strbuf *sb);
int strbuf_add(struct strbuf *sb, const void *data, size_t len);
int strbuf_adds(struct strbuf *sb, const char *s);
int strbuf_addch(struct strbuf *sb, char c);
int strbuf_addf(struct strbuf *sb, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
int strbuf_vaddf(struct strbuf *sb, const char *fmt, va_list ap);
/* Append s as the body of a JSON string (no quotes). */
int strbuf_add_json_escaped(struct strbuf *sb, const char *s);

/* Small helpers used everywhere. */
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t size);
/* Grow *arr (of *alloc elements of elem_size) to hold at least need elements. */
void grow_array(void **arr, size_t *alloc, size_t need, size_t elem_size);
#define GROW(arr, alloc, need) \
	grow_array((void **)&(arr), &(alloc), (need), sizeof(*(arr)))
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Collapse "//", "/./" and "dir/../" in place; returns path. */
char *path_normalize(char *path);

/* Read a whole file; returns 0, or -1 with errno set. */
int read_file(const char *path, struct strbuf *out);
/* Write all of buf to fd, retrying short writes and EINTR; 0, or -1 with errno set. */
int write_all(int fd, const char *buf, size_t len);
/*
 * Replace path's content with buf through a temporary file beside it and a
 * rename, so a reader sees the old file or the new one, never half; 0 or -1.
 */
int write_file_replacing(const char *path, const char *buf, size_t len);

#endif

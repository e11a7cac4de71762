#include "cuatomlint/strbuf.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/overlay.h"

char strbuf_empty[1];

static void die_oom(void)
{
	fputs("cuatomlint: out of memory\n", stderr);
	abort();
}

void *xrealloc(void *p, size_t size)
{
	void *q = realloc(p, size ? size : 1);
	if (!q)
		die_oom();
	return q;
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);
	if (!p)
		die_oom();
	return p;
}

char *xstrndup(const char *s, size_t n)
{
	char *p = xrealloc(NULL, n + 1);
	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

void grow_array(void **arr, size_t *alloc, size_t need, size_t elem_size)
{
	size_t n = *alloc;
	if (need <= n)
		return;
	n = n ? n : 8;
	while (n < need)
		n *= 2;
	*arr = xrealloc(*arr, n * elem_size);
	memset((char *)*arr + *alloc * elem_size, 0, (n - *alloc) * elem_size);
	*alloc = n;
}

void strbuf_init(struct strbuf *sb)
{
	sb->buf = strbuf_empty;
	sb->len = 0;
	sb->alloc = 0;
}

void strbuf_release(struct strbuf *sb)
{
	if (sb->alloc)
		free(sb->buf);
	strbuf_init(sb);
}

char *strbuf_detach(struct strbuf *sb)
{
	char *s = sb->alloc ? sb->buf : xstrdup("");
	strbuf_init(sb);
	return s;
}

void strbuf_reset(struct strbuf *sb)
{
	sb->len = 0;
	if (sb->alloc)
		sb->buf[0] = '\0';
}

static int strbuf_grow(struct strbuf *sb, size_t extra)
{
	size_t need;
	if (extra > STRBUF_MAX_LEN || sb->len + extra > STRBUF_MAX_LEN)
		return -1;
	need = sb->len + extra + 1;
	if (need <= sb->alloc)
		return 0;
	{
		size_t n = sb->alloc ? sb->alloc : 64;
		char *old = sb->alloc ? sb->buf : NULL;
		while (n < need)
			n *= 2;
		sb->buf = xrealloc(old, n);
		if (!old)
			sb->buf[0] = '\0';
		sb->alloc = n;
	}
	return 0;
}

int strbuf_add(struct strbuf *sb, const void *data, size_t len)
{
	if (strbuf_grow(sb, len) < 0)
		return -1;
	memcpy(sb->buf + sb->len, data, len);
	sb->len += len;
	sb->buf[sb->len] = '\0';
	return 0;
}

int strbuf_adds(struct strbuf *sb, const char *s)
{
	return strbuf_add(sb, s, strlen(s));
}

int strbuf_addch(struct strbuf *sb, char c)
{
	return strbuf_add(sb, &c, 1);
}

int strbuf_vaddf(struct strbuf *sb, const char *fmt, va_list ap)
{
	va_list cp;
	int n;

	va_copy(cp, ap);
	n = vsnprintf(NULL, 0, fmt, cp);
	va_end(cp);
	if (n < 0 || strbuf_grow(sb, (size_t)n) < 0)
		return -1;
	vsnprintf(sb->buf + sb->len, (size_t)n + 1, fmt, ap);
	sb->len += (size_t)n;
	return 0;
}

int strbuf_addf(struct strbuf *sb, const char *fmt, ...)
{
	va_list ap;
	int r;
	va_start(ap, fmt);
	r = strbuf_vaddf(sb, fmt, ap);
	va_end(ap);
	return r;
}

char *xasprintf(const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT;
	va_list ap;
	va_start(ap, fmt);
	strbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	return strbuf_detach(&sb);
}

int strbuf_add_json_escaped(struct strbuf *sb, const char *s)
{
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		int r;
		switch (c) {
		case '"': r = strbuf_adds(sb, "\\\""); break;
		case '\\': r = strbuf_adds(sb, "\\\\"); break;
		case '\n': r = strbuf_adds(sb, "\\n"); break;
		case '\r': r = strbuf_adds(sb, "\\r"); break;
		case '\t': r = strbuf_adds(sb, "\\t"); break;
		default:
			r = c < 0x20 ? strbuf_addf(sb, "\\u%04x", c)
				     : strbuf_addch(sb, (char)c);
		}
		if (r < 0)
			return -1;
	}
	return 0;
}

int read_file(const char *path, struct strbuf *out)
{
	char chunk[65536];
	const char *text;
	size_t len;
	struct stat st;
	ssize_t n;
	int fd;

	/* an editor's unsaved text wins over the file (util/overlay.h) */
	if (cal_overlay_get(path, &text, &len)) {
		if (strbuf_add(out, text, len) < 0) {
			errno = EFBIG;
			return -1;
		}
		return 0;
	}
	if ((fd = open(path, O_RDONLY)) < 0)
		return -1;
	if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
		close(fd);
		errno = EISDIR;
		return -1;
	}
	while ((n = read(fd, chunk, sizeof(chunk))) > 0) {
		if (strbuf_add(out, chunk, (size_t)n) < 0) {
			close(fd);
			errno = EFBIG;
			return -1;
		}
	}
	close(fd);
	return n < 0 ? -1 : 0;
}

/*
 * Collapse "//", "/./" and "dir/../" so that one header reached through
 * different -I spellings ("src/../inc/k.cuh", "inc/k.cuh") has one name.
 * Lexical only: a symlinked directory followed by ".." may differ from
 * what the kernel resolves, as in clang's own path handling.
 */
char *path_normalize(char *path)
{
	char *out = path, *seg = path, *start = path + (path[0] == '/');
	size_t n;

	if (path[0] == '/')
		out++;
	seg = start;
	while (*seg) {
		char *end = strchr(seg, '/');
		n = end ? (size_t)(end - seg) : strlen(seg);
		if (n == 0 || (n == 1 && seg[0] == '.')) {
			/* skip */
		} else if (n == 2 && seg[0] == '.' && seg[1] == '.' && out > start &&
			   !(out - start >= 3 && !strncmp(out - 3, "../", 3) &&
			     (out - 3 == start || out[-4] == '/'))) {
			out--;
			while (out > start && out[-1] != '/')
				out--;
		} else {
			memmove(out, seg, n);
			out += n;
			if (end)
				*out++ = '/';
		}
		seg = end ? end + 1 : seg + n;
	}
	if (out > start && out[-1] == '/')
		out--;
	if (out == path)
		*out++ = '.';
	*out = '\0';
	return path;
}

int write_all(int fd, const char *buf, size_t len)
{
	while (len) {
		ssize_t n = write(fd, buf, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		buf += n;
		len -= (size_t)n;
	}
	return 0;
}

int write_file_replacing(const char *path, const char *buf, size_t len)
{
	char *tmp = xasprintf("%s.tmp.XXXXXX", path);
	int fd = mkstemp(tmp);
	int ok = fd >= 0 && write_all(fd, buf, len) == 0;

	if (fd >= 0 && close(fd) < 0)
		ok = 0;
	if (ok)
		ok = rename(tmp, path) == 0;
	if (!ok && fd >= 0)
		unlink(tmp);
	free(tmp);
	return ok ? 0 : -1;
}

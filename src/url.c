/* url.c - references made absolute against a page's address or <base>,
 * for the links and images the formats write and the next pages a rule
 * follows. */
#include "config.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "url.h"
#include "util.h"

size_t
url_scheme_len(const char *s)
{
	if (!isalpha((unsigned char)*s))
		return 0;
	size_t i = 1;
	while (isalnum((unsigned char)s[i]) || s[i] == '+' || s[i] == '-' || s[i] == '.')
		i++;
	return s[i] == ':' ? i : 0;
}

/* Remove the "." and ".." segments of the path at out[from] (it starts
 * with "/"), leaving its query and fragment. */
static void
remove_dots(struct buf *out, size_t from)
{
	size_t end = from + strcspn(out->data + from, "?#");
	char *rest = xstrdup(out->data + end);
	char *path = xstrndup(out->data + from, end - from);
	out->len = from;
	const char *p = path + (*path == '/');
	bool trailing = false;
	for (;;) {
		size_t l = strcspn(p, "/");
		bool last = !p[l];
		if (l == 1 && p[0] == '.') {
			trailing = last;
		} else if (l == 2 && p[0] == '.' && p[1] == '.') {
			while (out->len > from && out->data[out->len - 1] != '/')
				out->len--;
			if (out->len > from)
				out->len--;
			trailing = last;
		} else {
			buf_addc(out, '/');
			buf_add(out, p, l);
			trailing = false;
		}
		if (last)
			break;
		p += l + 1;
	}
	if (trailing || out->len == from)
		buf_addc(out, '/');
	buf_adds(out, rest);
	free(rest);
	free(path);
}

char *
format_url_resolve(const char *base, const char *ref)
{
	while (*ref == ' ' || *ref == '\t' || *ref == '\n' || *ref == '\r')
		ref++;
	size_t rl = strlen(ref);
	while (rl && (ref[rl - 1] == ' ' || ref[rl - 1] == '\t' || ref[rl - 1] == '\n'))
		rl--;
	char *r = xstrndup(ref, rl);
	size_t bs = base ? url_scheme_len(base) : 0;
	if (!bs || url_scheme_len(r))
		return r;
	struct buf b;
	buf_init(&b);
	/* base = scheme ":" ["//" authority] path ["?" query] ["#" fragment] */
	size_t auth_end = bs + 1;
	if (!strncmp(base + bs + 1, "//", 2))
		auth_end = bs + 3 + strcspn(base + bs + 3, "/?#");
	size_t path_end = auth_end + strcspn(base + auth_end, "?#");
	if (!strncmp(r, "//", 2)) {
		buf_add(&b, base, bs + 1);
		buf_adds(&b, r);
	} else if (r[0] == '/') {
		buf_add(&b, base, auth_end);
		size_t from = b.len;
		buf_adds(&b, r);
		remove_dots(&b, from);
	} else if (r[0] == '\0' || r[0] == '#') {
		buf_add(&b, base, path_end + strcspn(base + path_end, "#"));
		buf_adds(&b, r);
	} else if (r[0] == '?') {
		buf_add(&b, base, path_end);
		buf_adds(&b, r);
	} else {
		buf_add(&b, base, auth_end);
		size_t from = b.len;
		const char *slash = NULL;
		for (const char *p = base + auth_end; p < base + path_end; p++)
			if (*p == '/')
				slash = p;
		if (slash)
			buf_add(&b, base + auth_end, (size_t)(slash - base - auth_end) + 1);
		else
			buf_addc(&b, '/');
		buf_adds(&b, r);
		remove_dots(&b, from);
	}
	free(r);
	return buf_steal(&b, NULL);
}

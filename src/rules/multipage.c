/* multipage.c - next_page_link and single_page_link on local files. */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "url.h"
#include "rules/multipage.h"
#include "walk.h"
#include "util.h"
#include "rules/xpath.h"

char *
multipage_link(const struct rule *r, const char *directive, const struct dom *d, const char *url)
{
	if (!d)
		return NULL;
	struct xpath_doc *x = NULL;
	char *link = NULL;
	for (int i = 0; i < r->nlines && !link; i++) {
		const struct rule_line *l = &r->lines[i];
		if (l->kind != RULE_DIRECTIVE || strcmp(l->name, directive))
			continue;
		if (!x)
			x = xpath_doc_new(d);
		/* an element's href, as readers take it; else the string the
		 * expression selects (an @href, a URL in text) */
		int *ids = NULL;
		char err[300];
		int n = xpath_select_nodes(x, l->value, true, &ids, err, sizeof err);
		const char *href = n > 0 ? dom_attr(d, ids[0], "href") : NULL;
		free(ids);
		char *s = NULL;
		if (href && *href)
			s = xstrdup(href);
		else if (xpath_string(x, l->value, &s, err, sizeof err) < 0)
			s = NULL;
		if (s && *s)
			link = format_url_resolve(url, s);
		free(s);
	}
	xpath_doc_free(x);
	return link;
}

/* The value of attribute name in the tag [p, e), or NULL. */
static char *
tag_attr(const char *p, const char *e, const char *name)
{
	size_t nl = strlen(name);
	for (const char *q = p; q + nl < e; q++) {
		if (strncasecmp(q, name, nl) || !isspace((unsigned char)q[-1]))
			continue;
		const char *v = q + nl;
		while (v < e && isspace((unsigned char)*v))
			v++;
		if (v >= e || *v != '=')
			continue;
		v++;
		while (v < e && isspace((unsigned char)*v))
			v++;
		char quote = v < e && (*v == '"' || *v == '\'') ? *v++ : 0;
		const char *end = v;
		while (end < e && (quote ? *end != quote : !isspace((unsigned char)*end) && *end != '>'))
			end++;
		return xstrndup(v, (size_t)(end - v));
	}
	return NULL;
}

char *
multipage_sidecar(const char *path)
{
	size_t pl = strlen(path) + 5;
	char *side = xmalloc(pl);
	snprintf(side, pl, "%s.url", path);
	FILE *f = fopen(side, "r");
	free(side);
	if (!f)
		return NULL;
	char line[4096];
	char *url = NULL;
	if (fgets(line, sizeof line, f)) {
		line[strcspn(line, "\r\n")] = '\0';
		if (*line)
			url = xstrdup(line);
	}
	fclose(f);
	return url;
}

char *
multipage_address(const char *path)
{
	char *url = multipage_sidecar(path);
	if (url)
		return url;
	FILE *f;
	f = fopen(path, "rb");
	if (!f)
		return NULL;
	char *buf = xmalloc(65536 + 1);
	size_t n = fread(buf, 1, 65536, f);
	fclose(f);
	buf[n] = '\0';
	char *found = NULL;
	for (char *p = buf; !found && (p = strchr(p, '<')) != NULL; p++) {
		if (strncasecmp(p + 1, "link", 4) || !isspace((unsigned char)p[5]))
			continue;
		char *e = memchr(p, '>', n - (size_t)(p - buf));
		if (!e)
			break;
		char *rel = tag_attr(p + 5, e, "rel");
		if (rel && !strcasecmp(rel, "canonical"))
			found = tag_attr(p + 5, e, "href");
		free(rel);
		if (found && !*found) {
			free(found);
			found = NULL;
		}
	}
	free(buf);
	return found;
}

static void
quiet_skip(void *ctx, const char *path, const char *reason, bool lost)
{
	(void)ctx, (void)path, (void)reason, (void)lost;
}

static bool
has_address(const char *path, const char *url)
{
	char *a = multipage_address(path);
	bool same = a && !strcmp(a, url);
	free(a);
	return same;
}

char *
multipage_find(const char *url, const struct strv *candidates, const char *page_path)
{
	for (int i = 0; candidates && i < candidates->n; i++)
		if (has_address(candidates->v[i], url))
			return xstrdup(candidates->v[i]);
	if (!page_path)
		return NULL;
	char *dir = xstrdup(page_path);
	char *slash = strrchr(dir, '/');
	if (slash)
		slash[1] = '\0';
	struct strv beside = { 0 };
	char err[256];
	char *found = NULL;
	if (walk_dir(slash ? dir : ".", walk_page_exts, 0, 0, &beside, quiet_skip, NULL, err,
		     sizeof err) == 0)
		for (int i = 0; i < beside.n && !found; i++)
			if (has_address(beside.v[i], url))
				found = xstrdup(beside.v[i]);
	strv_free(&beside);
	free(dir);
	return found;
}

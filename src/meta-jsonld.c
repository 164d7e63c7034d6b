/* meta-jsonld.c - JSON-LD: just enough of JSON to read an article's
 * headline, dates, authors and body. */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "meta-int.h"
#include "meta-jsonld.h"

/* ---- JSON-LD: just enough of JSON to find a few keys ---- */

static const char *
json_ws(const char *p, const char *e)
{
	while (p < e && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'))
		p++;
	return p;
}

/* One past the end of the JSON value at p (string, object, array, scalar). */
static const char *
json_skip(const char *p, const char *e)
{
	p = json_ws(p, e);
	if (p >= e)
		return e;
	if (*p == '"') {
		for (p++; p < e && *p != '"'; p++)
			if (*p == '\\')
				p++;
		return p < e ? p + 1 : e;
	}
	if (*p == '{' || *p == '[') {
		int depth = 0;
		for (; p < e; p++) {
			if (*p == '"') {
				p = json_skip(p, e) - 1;
			} else if (*p == '{' || *p == '[') {
				depth++;
			} else if (*p == '}' || *p == ']') {
				if (--depth == 0)
					return p + 1;
			}
		}
		return e;
	}
	while (p < e && *p != ',' && *p != '}' && *p != ']')
		p++;
	return p;
}

static unsigned
hexval(const char *p)
{
	unsigned v = 0;
	for (int i = 0; i < 4; i++) {
		char c = p[i];
		v = v * 16 + (unsigned)(c >= '0' && c <= '9' ? c - '0' :
					 c >= 'a' && c <= 'f' ? c - 'a' + 10 :
					 c >= 'A' && c <= 'F' ? c - 'A' + 10 : 0);
	}
	return v;
}

/* The JSON string at p decoded and collapsed, or NULL when p is no string. */
static char *
json_string(const char *p, const char *e)
{
	p = json_ws(p, e);
	if (p >= e || *p != '"')
		return NULL;
	struct buf b;
	buf_init(&b);
	for (p++; p < e && *p != '"'; p++) {
		if (*p != '\\' || p + 1 >= e) {
			buf_addc(&b, *p);
			continue;
		}
		p++;
		switch (*p) {
		case 'n': case 't': case 'r': buf_addc(&b, ' '); break;
		case 'u':
			if (p + 4 < e && isxdigit((unsigned char)p[1]) && isxdigit((unsigned char)p[2]) &&
			    isxdigit((unsigned char)p[3]) && isxdigit((unsigned char)p[4])) {
				unsigned cp = hexval(p + 1);
				p += 4;
				if (cp >= 0xd800 && cp < 0xdc00 && p + 6 < e && p[1] == '\\' && p[2] == 'u') {
					unsigned lo = hexval(p + 3);
					if (lo >= 0xdc00 && lo < 0xe000) {
						cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
						p += 6;
					}
				}
				/* a lone surrogate is no character */
				buf_add_utf8(&b, cp >= 0xd800 && cp < 0xe000 ? 0xfffd : cp);
			}
			break;
		default: buf_addc(&b, *p); break;
		}
	}
	char *raw = buf_steal(&b, NULL);
	char *r = raw ? nonempty_dup(raw, strlen(raw)) : NULL;
	free(raw);
	return r;
}

/* The value of key in the object [p, e) (only its own keys), or NULL. */
static const char *
json_member(const char *p, const char *e, const char *key, const char **vend)
{
	p = json_ws(p, e);
	if (p >= e || *p != '{')
		return NULL;
	size_t kl = strlen(key);
	p++;
	while (p < e) {
		p = json_ws(p, e);
		if (p >= e || *p != '"')
			return NULL;
		const char *k = p + 1;
		p = json_skip(p, e);
		bool match = (size_t)(p - k - 1) == kl && !strncmp(k, key, kl);
		p = json_ws(p, e);
		if (p >= e || *p != ':')
			return NULL;
		const char *v = json_ws(p + 1, e);
		p = json_skip(v, e);
		if (match) {
			*vend = p;
			return v;
		}
		p = json_ws(p, e);
		if (p < e && *p == ',')
			p++;
		else
			return NULL;
	}
	return NULL;
}

/* The name of a person or organisation value: "X", {"name": "X"}, or an
 * array of them joined with "; ". */
static char *
json_names(const char *v, const char *e)
{
	v = json_ws(v, e);
	if (v >= e)
		return NULL;
	if (*v == '"')
		return json_string(v, e);
	if (*v == '{') {
		const char *ve, *n = json_member(v, e, "name", &ve);
		return n ? json_names(n, ve) : NULL;
	}
	if (*v != '[')
		return NULL;
	struct buf b;
	buf_init(&b);
	const char *end = json_skip(v, e) - 1;
	for (const char *p = json_ws(v + 1, end); p < end; ) {
		const char *q = json_skip(p, end);
		char *one = json_names(p, q);
		if (one && !(b.len && strstr(b.data, one))) {
			if (b.len)
				buf_adds(&b, "; ");
			buf_adds(&b, one);
		}
		free(one);
		p = json_ws(q, end);
		if (p < end && *p == ',')
			p = json_ws(p + 1, end);
		else
			break;
	}
	return b.len ? buf_steal(&b, NULL) : (buf_free(&b), NULL);
}


static bool
jsonld_is_article(const char *o, const char *e)
{
	const char *te, *t = json_member(o, e, "@type", &te);
	if (!t)
		return false;
	static const char *const kinds[] = { "Article", "Posting", "BlogPosting",
		"Report", "NewsArticle", "Recipe", "WebPage", "Review", "Story" };
	for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
		size_t kl = strlen(kinds[i]);
		for (const char *p = t; p + kl <= te; p++)
			if (!strncmp(p, kinds[i], kl))
				return true;
	}
	return false;
}

static void
take(char **slot, char *v)
{
	if (!*slot && v)
		*slot = v;
	else
		free(v);
}

/* Fill j from the object [o, e) and the objects it contains (@graph,
 * arrays): articles first, so a page's WebSite object does not name the
 * article's author. */
static void
jsonld_object(const char *o, const char *e, struct jsonld *j, int depth)
{
	o = json_ws(o, e);
	if (depth > 8 || o >= e)
		return;
	if (*o == '[') {
		const char *end = json_skip(o, e) - 1;
		for (const char *p = json_ws(o + 1, end); p < end; ) {
			const char *q = json_skip(p, end);
			jsonld_object(p, q, j, depth + 1);
			p = json_ws(q, end);
			if (p < end && *p == ',')
				p = json_ws(p + 1, end);
			else
				break;
		}
		return;
	}
	if (*o != '{')
		return;
	const char *ve, *v;
	if ((v = json_member(o, e, "@graph", &ve)))
		jsonld_object(v, ve, j, depth + 1);
	if (!jsonld_is_article(o, e))
		return;
	if ((v = json_member(o, e, "headline", &ve)))
		take(&j->headline, json_string(v, ve));
	if ((v = json_member(o, e, "author", &ve))) {
		take(&j->author, json_names(v, ve));
		const char *ie, *id = json_member(v, ve, "@id", &ie);
		if (id)
			take(&j->author_ref, json_string(id, ie));
	}
	if ((v = json_member(o, e, "creator", &ve)))
		take(&j->author, json_names(v, ve));
	if ((v = json_member(o, e, "datePublished", &ve)))
		take(&j->published, json_string(v, ve));
	if ((v = json_member(o, e, "dateCreated", &ve)))
		take(&j->published, json_string(v, ve));
	if ((v = json_member(o, e, "dateModified", &ve)))
		take(&j->modified, json_string(v, ve));
	if ((v = json_member(o, e, "publisher", &ve)))
		take(&j->publisher, json_names(v, ve));
	if ((v = json_member(o, e, "articleSection", &ve)))
		take(&j->section, json_names(v, ve));
	if ((v = json_member(o, e, "image", &ve))) {
		const char *ue, *u = json_member(v, ve, "url", &ue);
		take(&j->image, u ? json_string(u, ue) : json_string(v, ve));
	}
}

/* The name of the object whose @id is ref, anywhere in [o, e). */
static char *
jsonld_name_of(const char *o, const char *e, const char *ref, int depth)
{
	o = json_ws(o, e);
	if (depth > 8 || o >= e || (*o != '{' && *o != '['))
		return NULL;
	if (*o == '{') {
		const char *ve, *v = json_member(o, e, "@id", &ve);
		char *id = v ? json_string(v, ve) : NULL;
		bool match = id && !strcmp(id, ref);
		free(id);
		if (match && (v = json_member(o, e, "name", &ve)))
			return json_string(v, ve);
	}
	/* the values inside, objects and arrays only */
	const char *end = json_skip(o, e) - 1;
	for (const char *p = json_ws(o + 1, end); p < end; ) {
		if (*o == '{') {
			p = json_skip(p, end);   /* the key */
			p = json_ws(p, end);
			if (p >= end || *p != ':')
				break;
			p = json_ws(p + 1, end);
		}
		const char *q = json_skip(p, end);
		char *r = jsonld_name_of(p, q, ref, depth + 1);
		if (r)
			return r;
		p = json_ws(q, end);
		if (p < end && *p == ',')
			p = json_ws(p + 1, end);
		else
			break;
	}
	return NULL;
}

void
jsonld_find(const struct dom *d, struct jsonld *j)
{
	memset(j, 0, sizeof *j);
	int script = dom_tag_id(d, "script");
	for (int i = 0; script >= 0 && i < d->n; i++) {
		if (d->tag[i] != script || !attr_has(d, i, "type", "ld+json"))
			continue;
		for (int t = d->text_begin[i]; t < d->text_end[i]; t++)
			jsonld_object(dom_text(d, t), dom_text(d, t) + d->texts[t].len, j, 0);
	}
	for (int i = 0; script >= 0 && i < d->n && !j->author && j->author_ref; i++) {
		if (d->tag[i] != script || !attr_has(d, i, "type", "ld+json"))
			continue;
		for (int t = d->text_begin[i]; t < d->text_end[i] && !j->author; t++)
			j->author = jsonld_name_of(dom_text(d, t), dom_text(d, t) + d->texts[t].len,
						   j->author_ref, 0);
	}
}

void
jsonld_free(struct jsonld *j)
{
	free(j->headline);
	free(j->author);
	free(j->published);
	free(j->modified);
	free(j->publisher);
	free(j->image);
	free(j->section);
	free(j->author_ref);
}

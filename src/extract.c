/* extract.c - extracted text and metadata. */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "extract.h"


static void
end_line(struct buf *out)
{
	if (out->len > 0 && out->data[out->len - 1] != '\n')
		buf_addc(out, '\n');
}

void
extract_text_spans(const struct dom *d, const uint8_t *content,
		   struct buf *out, struct extract_span *spans)
{
	extract_text_mask(d, content, NULL, out, spans);
}

void
extract_text_mask(const struct dom *d, const uint8_t *content,
		  const uint8_t *mask, struct buf *out,
		  struct extract_span *spans)
{
	extract_text_drop(d, content, mask, NULL, out, spans);
}

void
extract_text_drop(const struct dom *d, const uint8_t *content, const uint8_t *mask,
		  const uint8_t *text_drop, struct buf *out, struct extract_span *spans)
{
	int last_block = -1;
	bool space = false;
	for (int t = 0; t < d->ntexts; t++) {
		const struct dom_text *x = &d->texts[t];
		if (spans)
			spans[t].start = spans[t].end = 0;
		if (x->flags & TEXT_SKIP)
			continue;
		if (mask && mask[x->elem] ? mask[x->elem] == 2 : !content[x->block])
			continue;
		if (text_drop && text_drop[t])
			continue;
		if (x->block != last_block) {
			end_line(out);
			space = false;
			last_block = x->block;
		}
		if (x->flags & TEXT_BREAK) {
			end_line(out);
			space = false;
			continue;
		}
		size_t before = out->len;
		buf_add_collapsed(out, dom_text(d, t), x->len, &space);
		if (spans) {
			/* a leading space belongs to the previous node */
			if (out->len > before && out->data[before] == ' ')
				before++;
			spans[t].start = before;
			spans[t].end = out->len;
		}
	}
	end_line(out);
}

static bool
names_comments(const struct dom *d, int e)
{
	static const char *const words[] = { "comment", "kommentar", "commentaire", "comentario" };
	static const char *const not[] = { "form", "respond", "link", "count", "number", "button",
		"no-comment", "nocomment", "closed", "reply-title", "meta", "recent", "widget",
		"latest" };
	const char *const attrs[] = { dom_attr(d, e, "id"), dom_attr(d, e, "class") };
	bool hit = false;
	for (int a = 0; a < 2; a++) {
		if (!attrs[a])
			continue;
		for (size_t w = 0; w < sizeof words / sizeof words[0]; w++)
			hit |= ascii_casestr(attrs[a], words[w]) != NULL;
		for (size_t w = 0; w < sizeof not / sizeof not[0]; w++)
			if (ascii_casestr(attrs[a], not[w]))
				return false;
	}
	return hit;
}

void
extract_comments(const struct dom *d, const uint8_t *content, const uint8_t *mask,
		 struct buf *out)
{
	/* every element decides its own text nodes: 1 a comment's, 2 not */
	uint8_t *m = xmalloc((size_t)d->n + 1);
	memset(m, 2, (size_t)d->n + 1);
	bool any = false;
	for (int e = 0; e < d->n; e++) {
		if (d->flags[e] & (DOM_SKIP | DOM_PHRASING) || !names_comments(d, e))
			continue;
		for (int k = e; k < d->end[e]; k++) {
			int b = k;
			while (b >= 0 && d->flags[b] & DOM_PHRASING)
				b = d->parent[b];
			bool main_text = mask && mask[k] ? mask[k] == 1 : b >= 0 && content[b];
			if (!main_text)
				m[k] = 1;
		}
		/* the forms to write one are no comment */
		for (int k = e; k < d->end[e]; k++) {
			const char *t = dom_tagname(d, k);
			if (!strcmp(t, "form") || !strcmp(t, "button") || !strcmp(t, "textarea") ||
			    !strcmp(t, "select") || !strcmp(t, "label"))
				for (int j = k; j < d->end[k]; j++)
					m[j] = 2;
		}
		any = true;
		e = d->end[e] - 1;   /* the outermost section only */
	}
	if (any) {
		struct buf b;
		buf_init(&b);
		extract_text_mask(d, content, m, &b, NULL);
		/* "3 comments", "Leave a reply": no comment yet */
		if (utf8_count_chars(b.data ? b.data : "", b.len) >= 80)
			buf_add(out, b.data, b.len);
		buf_free(&b);
	}
	free(m);
}

void
extract_text(const struct dom *d, const uint8_t *content, struct buf *out)
{
	extract_text_spans(d, content, out, NULL);
}

/* ---- metadata ---- */

static char *
collapsed_dup(const char *s, size_t n)
{
	struct buf b;
	buf_init(&b);
	text_collapse(s, n, &b);
	return buf_steal(&b, NULL);
}

/* s collapsed, or NULL when that leaves nothing. */
static char *
nonempty_dup(const char *s, size_t n)
{
	char *r = collapsed_dup(s, n);
	if (!*r) {
		free(r);
		return NULL;
	}
	return r;
}

/* The page's <meta> elements, found once: every field looks among them. */
struct metas {
	const struct dom *d;
	int *id, n;
};

static void
metas_find(const struct dom *d, struct metas *ms)
{
	ms->d = d;
	ms->n = 0;
	ms->id = NULL;
	int meta = dom_tag_id(d, "meta"), cap = 0;
	for (int i = 0; meta >= 0 && i < d->n; i++) {
		if (d->tag[i] != meta)
			continue;
		if (ms->n == cap) {
			cap = cap ? 2 * cap : 32;
			ms->id = xreallocarray(ms->id, (size_t)cap, sizeof *ms->id);
		}
		ms->id[ms->n++] = i;
	}
}

static const char *
meta_content(const struct metas *ms, const char *key, const char *value)
{
	for (int k = 0; k < ms->n; k++) {
		const char *v = dom_attr(ms->d, ms->id[k], key);
		if (v && !strcasecmp(v, value)) {
			const char *c = dom_attr(ms->d, ms->id[k], "content");
			if (c && *c)
				return c;
		}
	}
	return NULL;
}

static const char *
meta_any(const struct metas *ms, const char *value)
{
	const char *c = meta_content(ms, "property", value);
	if (!c)
		c = meta_content(ms, "name", value);
	return c ? c : meta_content(ms, "itemprop", value);
}

/* The page's canonical address: link rel=canonical, else og:url; *from
 * says which. */
static char *
canonical_of(const struct metas *ms, const char **from)
{
	const struct dom *d = ms->d;
	int link_tag = dom_tag_id(d, "link");
	for (int i = 0; link_tag >= 0 && i < d->n; i++) {
		if (d->tag[i] != link_tag)
			continue;
		const char *rel = dom_attr(d, i, "rel");
		const char *href = dom_attr(d, i, "href");
		if (rel && href && !strcasecmp(rel, "canonical") && *href) {
			*from = "link rel=canonical";
			return xstrdup(href);
		}
	}
	const char *og = meta_any(ms, "og:url");
	*from = og ? "og:url" : NULL;
	return og ? xstrdup(og) : NULL;
}

/* Text of element e's subtree, collapsed (title, h1). */
static char *
element_text(const struct dom *d, int e)
{
	struct buf b;
	buf_init(&b);
	bool space = false;
	for (int t = d->text_begin[e]; t < d->text_end[e]; t++) {
		if (d->texts[t].flags & TEXT_BREAK) {
			space = true;
			continue;
		}
		if (d->texts[t].flags & TEXT_SKIP && !(d->flags[e] & DOM_SKIP))
			continue;
		buf_add_collapsed(&b, dom_text(d, t), d->texts[t].len, &space);
	}
	return buf_steal(&b, NULL);
}

static int
first_tag(const struct dom *d, const char *name)
{
	int tag = dom_tag_id(d, name);
	for (int i = 0; tag >= 0 && i < d->n; i++)
		if (d->tag[i] == tag)
			return i;
	return -1;
}

/* Does attribute name of element i hold word (a substring, any case)? */
static bool
attr_has(const struct dom *d, int i, const char *name, const char *word)
{
	const char *v = dom_attr(d, i, name);
	return v && ascii_casestr(v, word);
}

/* The attributes that name what an element is, read once per element. */
struct idents {
	const char *v[4];       /* class, id, itemprop, rel; NULL when absent */
};

static void
idents_of(const struct dom *d, int i, struct idents *nm)
{
	static const char *const keys[] = { "class", "id", "itemprop", "rel" };
	for (int k = 0; k < 4; k++)
		nm->v[k] = NULL;
	for (int a = d->attr_begin[i]; a < d->attr_begin[i + 1]; a++)
		for (int k = 0; k < 4; k++) {
			const char *an = d->pool + d->attrs[a].name;
			if (!nm->v[k] && (((unsigned char)an[0] ^ (unsigned char)keys[k][0]) & ~0x20) == 0 &&
			    !strcasecmp(an, keys[k]))
				nm->v[k] = d->pool + d->attrs[a].value;
		}
}

/* The words pith looks for in the names an element gives itself (class,
 * id, itemprop, rel): IW_* bits, and from IW_DATE on, in order, the names
 * of a published date's element. */
static const char *const id_words[] = {
	"comment", "footer", "sidebar", "teaser",
	"publish", "posted", "post-date", "created", "dateline", "date", "datum", "fecha",
	"time", "byline", "meta", "info",
	"author", "autor", "verfasser",
};
enum { IW_COMMENT = 1, IW_FOOTER = 2, IW_SIDEBAR = 4, IW_TEASER = 8 };
enum { IW_DATE = 4, IW_DATE_END = 16, IW_NWORDS = sizeof id_words / sizeof id_words[0] };
_Static_assert(IW_NWORDS <= 32, "id_words are bits of a uint32_t");
/* an author's element: "byline" or a word for author */
enum { IW_AUTHOR = 1u << 13 | 1u << 16 | 1u << 17 | 1u << 18 };

/* Per element, computed once a page so that no search walks up the tree
 * (pages nest thousands deep): in a comment section, in the page's chrome
 * (navigation, header, footer, asides, links, sidebars, teasers); and the
 * id_words its names hold. */
enum { MARK_COMMENTS = 1, MARK_CHROME = 2 };

struct marks {
	uint8_t *flags;
	uint32_t *words;        /* id_words in class, id, itemprop or rel */
};

static void
meta_marks(const struct dom *d, struct marks *mk)
{
	uint8_t *m = mk->flags = xcalloc((size_t)d->n + 1, 1);
	mk->words = xcalloc((size_t)d->n + 1, sizeof *mk->words);
	struct word_memo *memo = word_memo_new(id_words, IW_NWORDS, SIZE_MAX);
	/* ids are in document order: a parent is marked before its children */
	for (int e = 0; e < d->n; e++) {
		uint8_t k = d->parent[e] >= 0 ? m[d->parent[e]] : 0;
		struct idents nm;
		idents_of(d, e, &nm);
		uint32_t ci = (uint32_t)(word_memo_scan(memo, nm.v[0]) | word_memo_scan(memo, nm.v[1]));
		uint32_t all = ci | (uint32_t)(word_memo_scan(memo, nm.v[2]) |
					       word_memo_scan(memo, nm.v[3]));
		mk->words[e] = all;
		if (ci & IW_COMMENT)
			k |= MARK_COMMENTS | MARK_CHROME;
		const char *t = dom_tagname(d, e);
		if (!strcmp(t, "nav") || !strcmp(t, "footer") || !strcmp(t, "aside") ||
		    !strcmp(t, "header") || !strcmp(t, "select") || !strcmp(t, "a") ||
		    all & (IW_FOOTER | IW_SIDEBAR | IW_TEASER))
			k |= MARK_CHROME;
		m[e] = k;
	}
	word_memo_free(memo);
}

/* Is e inside a comment section (its own class does not count)? */
static bool
in_comments(const struct dom *d, const uint8_t *marks, int e)
{
	return d->parent[e] >= 0 && marks[d->parent[e]] & MARK_COMMENTS;
}

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

struct jsonld {
	char *headline, *author, *published, *modified, *publisher, *image, *section;
	char *author_ref;   /* {"@id": ...} of an author named elsewhere in the graph */
};

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

static void
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

static void
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

/* ---- dates ---- */

static bool
days_ok(int y, int m, int d)
{
	static const int mdays[] = { 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
	return y >= 1995 && y <= 2099 && m >= 1 && m <= 12 && d >= 1 && d <= mdays[m - 1];
}

/* YYYY-MM-DD of a day days_ok accepted. */
static void
day_str(char out[11], int y, int m, int d)
{
	char b[48];
	snprintf(b, sizeof b, "%04d-%02d-%02d", y, m, d);
	memcpy(out, b, 11);
}

static int
digits(const char *s, size_t n, size_t *i, int max)
{
	int v = 0, k = 0;
	while (*i < n && k < max && isdigit((unsigned char)s[*i]))
		v = v * 10 + (s[(*i)++] - '0'), k++;
	return k ? v : -1;
}

/* Month names per language, as they stand in dates (Russian: the genitive;
 * abbreviations with or without the dot).  Matching folds ASCII, Latin-1
 * and Cyrillic capitals, so "MÄRZ" and "Марта" match too. */
struct date_lang {
	const char *lang;
	const char *months[12];   /* "|"-separated forms */
	const char *fillers;      /* "|"-separated words between day, month, year */
};

static const struct date_lang date_langs[] = {
	{ "en", { "january|jan", "february|feb", "march|mar", "april|apr", "may",
		  "june|jun", "july|jul", "august|aug", "september|sept|sep",
		  "october|oct", "november|nov", "december|dec" }, "of|the" },
	{ "de", { "januar|jänner|jan", "februar|feber|feb", "märz|mär|mrz",
		  "april|apr", "mai", "juni|jun", "juli|jul", "august|aug",
		  "september|sept|sep", "oktober|okt", "november|nov",
		  "dezember|dez" }, "" },
	{ "fr", { "janvier|janv", "février|fevrier|févr|fév", "mars", "avril|avr",
		  "mai", "juin", "juillet|juil", "août|aout", "septembre|sept",
		  "octobre|oct", "novembre|nov", "décembre|decembre|déc" }, "" },
	{ "es", { "enero|ene", "febrero|feb", "marzo|mar", "abril|abr", "mayo|may",
		  "junio|jun", "julio|jul", "agosto|ago", "septiembre|setiembre|sept|sep",
		  "octubre|oct", "noviembre|nov", "diciembre|dic" }, "de|del" },
	{ "ru", { "января|январь|янв", "февраля|февраль|фев", "марта|март|мар",
		  "апреля|апрель|апр", "мая|май", "июня|июнь|июн", "июля|июль|июл",
		  "августа|август|авг", "сентября|сентябрь|сен", "октября|октябрь|окт",
		  "ноября|ноябрь|ноя", "декабря|декабрь|дек" }, "" },
	/* Greek: the genitive of dates, the nominative of headers; folding
	 * drops the accents, so ΜΑΡΤΙΟΥ and Μαρτίου match alike */
	{ "el", { "ιανουαρίου|ιανουάριος|ιαν", "φεβρουαρίου|φεβρουάριος|φεβ",
		  "μαρτίου|μάρτιος|μαρ", "απριλίου|απρίλιος|απρ", "μαΐου|μάιος|μαΐ|μάη",
		  "ιουνίου|ιούνιος|ιουν", "ιουλίου|ιούλιος|ιουλ", "αυγούστου|αύγουστος|αυγ",
		  "σεπτεμβρίου|σεπτέμβριος|σεπ", "οκτωβρίου|οκτώβριος|οκτ",
		  "νοεμβρίου|νοέμβριος|νοε", "δεκεμβρίου|δεκέμβριος|δεκ" }, "" },
};

/* A Greek letter (U+0386-U+03CE) in lower case without its accent or
 * diaeresis, final sigma as sigma: month names are written every way. */
static uint32_t
greek_fold(uint32_t cp)
{
	static const struct { uint16_t from, to; } map[] = {
		{ 0x386, 0x3b1 }, { 0x388, 0x3b5 }, { 0x389, 0x3b7 }, { 0x38a, 0x3b9 },
		{ 0x38c, 0x3bf }, { 0x38e, 0x3c5 }, { 0x38f, 0x3c9 }, { 0x390, 0x3b9 },
		{ 0x3aa, 0x3b9 }, { 0x3ab, 0x3c5 }, { 0x3ac, 0x3b1 }, { 0x3ad, 0x3b5 },
		{ 0x3ae, 0x3b7 }, { 0x3af, 0x3b9 }, { 0x3b0, 0x3c5 }, { 0x3c2, 0x3c3 },
		{ 0x3ca, 0x3b9 }, { 0x3cb, 0x3c5 }, { 0x3cc, 0x3bf }, { 0x3cd, 0x3c5 },
		{ 0x3ce, 0x3c9 },
	};
	for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
		if (map[i].from == cp)
			return map[i].to;
	if (cp >= 0x391 && cp <= 0x3a9)
		return cp + 0x20;
	return cp;
}

/* Lower-case one UTF-8 letter at s into out (ASCII, Latin-1, Cyrillic,
 * Greek); returns its length. */
static size_t
fold_char(const unsigned char *s, size_t n, unsigned char out[2])
{
	if (s[0] < 0x80) {
		/* ASCII's own case, whatever the locale */
		out[0] = s[0] >= 'A' && s[0] <= 'Z' ? (unsigned char)(s[0] + ('a' - 'A')) : s[0];
		return 1;
	}
	if (n < 2)
		return 0;
	out[0] = s[0];
	out[1] = s[1];
	if ((s[0] == 0xce || s[0] == 0xcf) && s[1] >= 0x80 && s[1] <= 0xbf) {
		uint32_t cp = greek_fold(((uint32_t)(s[0] & 0x1f) << 6) | (s[1] & 0x3f));
		out[0] = (unsigned char)(0xc0 | cp >> 6);
		out[1] = (unsigned char)(0x80 | (cp & 0x3f));
		return 2;
	}
	/* Latin-1 capitals and Cyrillic А-П: the same lead byte, +0x20 */
	bool latin = s[0] == 0xc3 && s[1] >= 0x80 && s[1] <= 0x9e && s[1] != 0x97;
	bool cyr = s[0] == 0xd0 && s[1] >= 0x90 && s[1] <= 0x9f;
	if (latin || cyr)
		out[1] = s[1] + 0x20;
	else if (s[0] == 0xd0 && s[1] >= 0xa0 && s[1] <= 0xaf)
		out[0] = 0xd1, out[1] = s[1] - 0x20;
	return 2;
}

/* Is the letter run at s the word w (folded)? Sets *len to its bytes. */
static bool
word_is(const char *s, size_t n, const char *w, size_t wl, size_t *len)
{
	size_t i = 0, j = 0;
	while (j < wl) {
		if (i >= n)
			return false;
		unsigned char a[2], b[2];
		size_t la = fold_char((const unsigned char *)s + i, n - i, a);
		size_t lb = fold_char((const unsigned char *)w + j, wl - j, b);
		if (!la || la != lb || memcmp(a, b, la))
			return false;
		i += la;
		j += lb;
	}
	/* the word must end here: no letter follows */
	if (i < n && (isalpha((unsigned char)s[i]) || (unsigned char)s[i] >= 0x80))
		return false;
	*len = i;
	return true;
}

/* The month (1-12) the word at s names in language l, 0 if none. */
static int
month_at(const struct date_lang *l, const char *s, size_t n, size_t *len)
{
	/* the first letter, folded, rules out most names at once */
	unsigned char a[2], b[2];
	size_t la = n ? fold_char((const unsigned char *)s, n, a) : 0;
	if (!la)
		return 0;
	for (int m = 0; m < 12; m++) {
		for (const char *f = l->months[m]; *f; ) {
			size_t fl = strcspn(f, "|");
			if (fold_char((const unsigned char *)f, fl, b) == la && !memcmp(a, b, la) &&
			    word_is(s, n, f, fl, len)) {
				if (*len < n && s[*len] == '.')
					(*len)++;
				return m + 1;
			}
			f += fl + (f[fl] == '|');
		}
	}
	return 0;
}

/* Skip spaces, punctuation of dates, and the language's filler words. */
static size_t
skip_fill(const struct date_lang *l, const char *s, size_t n, size_t i)
{
	for (;;) {
		for (;;) {
			if (i < n && (s[i] == ' ' || s[i] == ',' || s[i] == '.'))
				i++;
			else if (i + 1 < n && (unsigned char)s[i] == 0xc2 &&
				 (unsigned char)s[i + 1] == 0xa0)   /* U+00A0 */
				i += 2;
			else
				break;
		}
		bool more = false;
		for (const char *f = l ? l->fillers : ""; *f; ) {
			size_t fl = strcspn(f, "|"), len;
			if (word_is(s + i, n - i, f, fl, &len)) {
				i += len;
				more = true;
				break;
			}
			f += fl + (f[fl] == '|');
		}
		if (!more)
			return i;
	}
}

/* "2019-11-19 02:24:00 UTC", "2019-11-20T01:50:59.403",
 * "2019-11-19T07:03:25+00:00", "20191119" as ISO 8601: the day, and the
 * time and offset when the value has them.  NULL when it is no date. */
char *
extract_date_iso(const char *s)
{
	size_t n = strlen(s), i = 0;
	while (i < n && isspace((unsigned char)s[i]))
		i++;
	/* "Wed, 04 May 2022 02:41:00 GMT" (RFC 1123, as HTTP and feeds
	 * write it): the same value in ISO form */
	if (i + 4 < n && isalpha((unsigned char)s[i]) && s[i + 3] == ',') {
		size_t k = i + 4;
		while (k < n && s[k] == ' ')
			k++;
		int dd = digits(s, n, &k, 2), mm = 0;
		size_t len = 0;
		while (k < n && s[k] == ' ')
			k++;
		if (dd > 0)
			mm = month_at(&date_langs[0], s + k, n - k, &len);
		k += len;
		while (k < n && s[k] == ' ')
			k++;
		size_t y0 = k;
		int yy = mm ? digits(s, n, &k, 4) : -1;
		if (k - y0 != 4 || !days_ok(yy, mm, dd))
			return NULL;
		char b[80];
		snprintf(b, sizeof b, "%04d-%02d-%02d%s%s", yy, mm, dd,
			 k < n && s[k] == ' ' ? "T" : "", k < n && s[k] == ' ' ? s + k + 1 : "");
		return extract_date_iso(b);
	}
	size_t y0 = i;
	int y = digits(s, n, &i, 4), m, d;
	if (y < 0 || i - y0 != 4)
		return NULL;
	if (i < n && (s[i] == '-' || s[i] == '/' || s[i] == '.')) {
		char sep = s[i++];
		m = digits(s, n, &i, 2);
		if (i >= n || s[i] != sep)
			return NULL;
		i++;
		d = digits(s, n, &i, 2);
	} else {
		if (i + 4 > n)
			return NULL;
		m = digits(s, n, &i, 2);
		d = digits(s, n, &i, 2);
	}
	if (!days_ok(y, m, d) || (i < n && isdigit((unsigned char)s[i])))
		return NULL;
	char out[80];
	int len = snprintf(out, sizeof out, "%04d-%02d-%02d", y, m, d);
	if (i < n && (s[i] == 'T' || s[i] == ' ') && i + 3 < n && isdigit((unsigned char)s[i + 1])) {
		size_t j = i + 1;
		int hh = digits(s, n, &j, 2), mm = -1, ss = 0;
		if (j < n && s[j] == ':') {
			j++;
			mm = digits(s, n, &j, 2);
		}
		if (mm >= 0 && j < n && s[j] == ':') {
			j++;
			ss = digits(s, n, &j, 2);
		}
		if (hh >= 0 && hh < 24 && mm >= 0 && mm < 60 && ss >= 0 && ss < 61) {
			len += snprintf(out + len, sizeof out - (size_t)len, "T%02d:%02d:%02d", hh, mm, ss);
			if (j < n && s[j] == '.')
				for (j++; j < n && isdigit((unsigned char)s[j]); j++)
					;
			while (j < n && s[j] == ' ')
				j++;
			if (j < n && (s[j] == 'Z' || !strncmp(s + j, "UTC", 3) || !strncmp(s + j, "GMT", 3))) {
				snprintf(out + len, sizeof out - (size_t)len, "Z");
			} else if (j < n && (s[j] == '+' || s[j] == '-')) {
				char sign = s[j++];
				size_t z0 = j;
				int oh = digits(s, n, &j, 2), om = 0;
				if (j < n && s[j] == ':')
					j++;
				if (j < n && isdigit((unsigned char)s[j]))
					om = digits(s, n, &j, 2);
				if (oh >= 0 && oh <= 14 && om >= 0 && om < 60 && j - z0 >= 2)
					snprintf(out + len, sizeof out - (size_t)len,
						 "%c%02d:%02d", sign, oh, om);
			}
		}
	}
	return xstrdup(out);
}

/* Can a month name or a filler word of any language start with byte b
 * of a page's text?  The bytes fold_char maps to a word's first byte: an
 * ASCII letter in either case; a lead byte of Latin-1 (0xc3), Cyrillic
 * (0xd0, 0xd1) or Greek (0xce, 0xcf), each pair folding into each other. */
static void
mark_first_bytes(bool table[256], const char *forms)
{
	for (const char *f = forms; *f; ) {
		unsigned char c = (unsigned char)*f;
		table[c] = true;
		if (c >= 'a' && c <= 'z')
			table[c - ('a' - 'A')] = true;
		if (c == 0xd0 || c == 0xd1)
			table[0xd0] = table[0xd1] = true;
		if (c == 0xce || c == 0xcf)
			table[0xce] = table[0xcf] = true;
		f += strcspn(f, "|");
		f += *f == '|';
	}
}

/* with_fillers false: month names only */
static bool
date_word_may_start(unsigned char b, bool with_fillers)
{
	static bool months[256], words[256], ready;
	if (!ready) {
		for (size_t li = 0; li < sizeof date_langs / sizeof date_langs[0]; li++) {
			for (int m = 0; m < 12; m++) {
				mark_first_bytes(months, date_langs[li].months[m]);
				mark_first_bytes(words, date_langs[li].months[m]);
			}
			mark_first_bytes(words, date_langs[li].fillers);
		}
		ready = true;
	}
	return with_fillers ? words[b] : months[b];
}

static bool
starts_word(const char *s, size_t i)
{
	return i == 0 || !(isalnum((unsigned char)s[i - 1]));
}

/* A date in running text s[0..n): numeric (2024-03-14, 14.03.2024,
 * 2024年3月14日, 14/03/2024 day first unless the page is English) or with a
 * month name in one of date_langs ("14 March 2024", "March 14, 2024",
 * "14. März 2024", "14 de marzo de 2024", "14 марта 2024", "14 Μαρτίου
 * 2024").  Writes
 * YYYY-MM-DD into out; false when there is none. */
bool
extract_date_text(const char *s, size_t n, const char *lang, char out[11])
{
	/* month first in American English only: en-GB, en-AU, en-IN ...
	 * write the day first, as most of the world does */
	bool us = lang && !strncasecmp(lang, "en", 2) &&
		  (!lang[2] || !strcasecmp(lang + 2, "-us") || !strcasecmp(lang + 2, "_us"));
	for (size_t i = 0; i < n; i++) {
		if (!starts_word(s, i))
			continue;
		int y = -1, m = -1, d = -1;
		size_t j = i;
		if (isdigit((unsigned char)s[i])) {
			int a = digits(s, n, &j, 4);
			size_t al = j - i;
			if (al == 4 && j + 3 <= n && !strncmp(s + j, "年", 3)) {
				j += 3;
				y = a;
				m = digits(s, n, &j, 2);
				if (j + 3 <= n && !strncmp(s + j, "月", 3)) {
					j += 3;
					d = digits(s, n, &j, 2);
				}
			} else if (al == 4 && j < n && (s[j] == '-' || s[j] == '/' || s[j] == '.')) {
				char sep = s[j++];
				y = a;
				m = digits(s, n, &j, 2);
				if (j < n && s[j] == sep) {
					j++;
					d = digits(s, n, &j, 2);
				}
			} else if (al <= 2 && j < n && (s[j] == '.' || s[j] == '/' || s[j] == '-') &&
				   j + 1 < n && isdigit((unsigned char)s[j + 1])) {
				char sep = s[j++];
				int b = digits(s, n, &j, 2);
				if (j < n && s[j] == sep) {
					j++;
					size_t y0 = j;
					y = digits(s, n, &j, 4);
					if (j - y0 == 2 && sep == '.')
						y += 2000;
					else if (j - y0 != 4)
						y = -1;
					if (sep == '/' && us)
						m = a, d = b;
					else
						d = a, m = b;
				}
			} else if (al <= 2) {
				/* day, month name, year */
				size_t k = skip_fill(NULL, s, n, j);
				bool word = k < n && date_word_may_start((unsigned char)s[k], true);
				for (size_t li = 0; word && li < sizeof date_langs / sizeof date_langs[0] && m < 0; li++) {
					const struct date_lang *l = &date_langs[li];
					size_t k2 = skip_fill(l, s, n, k), len;
					int mm = month_at(l, s + k2, n - k2, &len);
					if (!mm)
						continue;
					size_t k3 = skip_fill(l, s, n, k2 + len), y0 = k3;
					int yy = digits(s, n, &k3, 4);
					if (k3 - y0 == 4) {
						d = a, m = mm, y = yy;
						j = k3;
					}
				}
			}
			if (days_ok(y, m, d) && (j >= n || !isalnum((unsigned char)s[j]))) {
				day_str(out, y, m, d);
				return true;
			}
			continue;
		}
		/* month name, day, year */
		if (!date_word_may_start((unsigned char)s[i], false))
			continue;
		for (size_t li = 0; li < sizeof date_langs / sizeof date_langs[0]; li++) {
			const struct date_lang *l = &date_langs[li];
			size_t len;
			int mm = month_at(l, s + i, n - i, &len);
			if (!mm)
				continue;
			size_t k = skip_fill(l, s, n, i + len);
			int dd = digits(s, n, &k, 2);
			if (dd < 0)
				continue;
			if (k + 2 <= n && (!strncmp(s + k, "st", 2) || !strncmp(s + k, "nd", 2) ||
					   !strncmp(s + k, "rd", 2) || !strncmp(s + k, "th", 2)))
				k += 2;
			k = skip_fill(l, s, n, k);
			size_t y0 = k;
			int yy = digits(s, n, &k, 4);
			if (k - y0 == 4 && days_ok(yy, mm, dd) &&
			    (k >= n || !isalnum((unsigned char)s[k]))) {
				day_str(out, yy, mm, dd);
				return true;
			}
		}
	}
	return false;
}

/* /2019/10/19/, /2019-10-19-, /20191019/ in a URL's path, or the day
 * first, /29-10-2021, as European sites write it. */
static bool
date_in_url(const char *url, char out[11])
{
	const char *p = url ? strstr(url, "://") : NULL;
	p = p ? strchr(p + 3, '/') : NULL;
	for (; p && *p; p++) {
		if (*p != '/' && *p != '-' && *p != '_')
			continue;
		const char *s = p + 1;
		size_t n = strlen(s), i = 0, k;
		int y = digits(s, n, &i, 4), m = -1, d = -1;
		if (i == 2 && n >= 10 && s[2] == '-' && s[5] == '-') {
			d = y;
			k = 3;
			m = digits(s, n, &k, 2);
			i = 6;
			y = k == 5 ? digits(s, n, &i, 4) : -1;
			if (i != 10)
				continue;
		} else if (i != 4) {
			continue;
		} else if (i < n && (s[i] == '/' || s[i] == '-')) {
			char sep = s[i++];
			size_t m0 = i;
			m = digits(s, n, &i, 2);
			if (i - m0 != 2 || i >= n || s[i] != sep)
				continue;
			i++;
			size_t d0 = i;
			d = digits(s, n, &i, 2);
			if (i - d0 != 2)
				continue;
		} else if (i + 4 <= n) {
			m = digits(s, n, &i, 2);
			d = digits(s, n, &i, 2);
		}
		if (days_ok(y, m, d) && (i >= n || !isdigit((unsigned char)s[i]))) {
			day_str(out, y, m, d);
			return true;
		}
	}
	return false;
}

/* ---- title ---- */

/* Letters and digits of s, folded, for comparing names ("Investment
 * Watch" with investmentwatchblog.com). */
static void
squeeze(const char *s, size_t n, struct buf *out)
{
	for (size_t i = 0; i < n; ) {
		unsigned char f[2];
		size_t l = fold_char((const unsigned char *)s + i, n - i, f);
		if (!l)
			break;
		if (l == 2 || isalnum(f[0]))
			buf_add(out, f, l);
		i += l;
	}
}

/* Is the title part p[0..n) the site's name (og:site_name or a label of
 * the host)? */
static bool
names_site(const char *p, size_t n, const char *site, const char *host)
{
	struct buf a, b;
	buf_init(&a);
	buf_init(&b);
	squeeze(p, n, &a);
	bool yes = false;
	if (a.len >= 3) {
		if (site) {
			squeeze(site, strlen(site), &b);
			yes = b.len && (!strcmp(a.data, b.data) ||
					(b.len >= 4 && strstr(a.data, b.data)) ||
					(a.len >= 5 && strstr(b.data, a.data)));
		}
		/* the host's labels: "foren.myoos" names "MyOOS Community Forum" */
		for (const char *h = host; !yes && h && *h; ) {
			size_t l = strcspn(h, ".");
			b.len = 0;
			squeeze(h, l, &b);
			yes = b.len >= 4 && (strstr(b.data, a.data) || strstr(a.data, b.data));
			h += l + (h[l] == '.');
		}
	}
	buf_free(&a);
	buf_free(&b);
	return yes;
}

/* Case-folded containment, for comparing an h1 with the <title>. */
static bool
contains_folded(const char *hay, const char *needle)
{
	struct buf a, b;
	buf_init(&a);
	buf_init(&b);
	squeeze(hay, strlen(hay), &a);
	squeeze(needle, strlen(needle), &b);
	bool yes = a.len && b.len >= 4 && strstr(a.data, b.data);
	buf_free(&a);
	buf_free(&b);
	return yes;
}

/* "Headline | Site", "Site - Section - Headline" -> "Headline": split at
 * the separators sites put around their name; drop the parts that name
 * the site (only those when only_site: a headline); of several parts left, keep the longest when a bar or a
 * guillemet separated them (they never stand inside a headline). */
static void
strip_site(char *title, const char *site, const char *host, bool only_site)
{
	static const char *const seps[] = { " | ", " - ", " – ", " — ", " :: ", " · ",
		" » ", " : ", " / " };
	enum { MAXP = 8 };
	const char *ps[MAXP];
	size_t pl[MAXP];
	int np = 0;
	bool strong = false;
	const char *p = title, *start = title;
	while (*p && np < MAXP - 1) {
		size_t sl = 0;
		for (size_t s = 0; s < sizeof seps / sizeof seps[0]; s++)
			if (!strncmp(p, seps[s], strlen(seps[s]))) {
				sl = strlen(seps[s]);
				strong |= s == 0 || s >= 4;
				break;
			}
		if (!sl) {
			p++;
			continue;
		}
		ps[np] = start;
		pl[np++] = (size_t)(p - start);
		start = p + sl;
		p = start;
	}
	ps[np] = start;
	pl[np++] = strlen(start);
	if (np < 2)
		return;
	int lo = 0, hi = np - 1;
	bool dropped = false;
	while (hi > lo && names_site(ps[hi], pl[hi], site, host))
		hi--, dropped = true;
	while (lo < hi && names_site(ps[lo], pl[lo], site, host))
		lo++, dropped = true;
	if (!dropped && (!strong || only_site))
		return;
	int best = lo;
	if (strong || dropped)
		for (int i = lo; i <= hi; i++)
			if (pl[i] > pl[best])
				best = i;
	if ((!strong || only_site) && hi > lo) {
		/* dashes may stand inside a headline: keep what is left whole */
		size_t n = (size_t)(ps[hi] + pl[hi] - ps[lo]);
		memmove(title, ps[lo], n);
		title[n] = '\0';
		return;
	}
	memmove(title, ps[best], pl[best]);
	title[pl[best]] = '\0';
}

/* The first h1 (else h2) that the shared titles hold: the headline as
 * the page shows it, without the site's name. */
static char *
headline_in(const struct dom *d, const char *og, const char *tt, const char *jl,
	    const char *site, const char *host)
{
	static const char *const tags[] = { "h1", "h2" };
	for (size_t k = 0; k < 2; k++) {
		int tag = dom_tag_id(d, tags[k]);
		for (int i = 0; tag >= 0 && i < d->n; i++) {
			if (d->tag[i] != tag || d->flags[i] & DOM_SKIP)
				continue;
			char *h = element_text(d, i);
			struct buf a;
			buf_init(&a);
			squeeze(h, strlen(h), &a);
			size_t hl = a.len;
			buf_free(&a);
			const char *const ts[] = { og, tt, jl };
			if (names_site(h, strlen(h), site, host))
				hl = 0;
			for (size_t j = 0; j < 3 && hl >= 4; j++) {
				if (!ts[j] || !contains_folded(ts[j], h))
					continue;
				buf_init(&a);
				squeeze(ts[j], strlen(ts[j]), &a);
				/* most of the title, not one word of it */
				bool most = hl * 3 >= a.len;
				buf_free(&a);
				if (most)
					return h;
			}
			free(h);
		}
	}
	return NULL;
}

/* The headline the page marks as such (itemprop=headline, class
 * entry-title), else its only h1, unless that is the site's name. */
static char *
headline_marked(const struct dom *d, const uint8_t *marks, const char *site,
		 const char *host)
{
	int h1 = dom_tag_id(d, "h1"), n1 = 0, only = -1;
	for (int i = 0; i < d->n; i++) {
		if (d->flags[i] & DOM_SKIP || in_comments(d, marks, i))
			continue;
		bool marked = attr_has(d, i, "itemprop", "headline") ||
			      attr_has(d, i, "class", "entry-title") ||
			      attr_has(d, i, "class", "article-title") ||
			      attr_has(d, i, "class", "post-title");
		if (h1 >= 0 && d->tag[i] == h1)
			n1++, only = i;
		if (!marked || d->flags[i] & DOM_PHRASING || d->tag[i] == dom_tag_id(d, "meta"))
			continue;
		char *h = element_text(d, i);
		if (strlen(h) >= 4 && strlen(h) < 300 && !names_site(h, strlen(h), site, host))
			return h;
		free(h);
	}
	if (n1 != 1)
		return NULL;
	char *h = element_text(d, only);
	if (strlen(h) >= 4 && strlen(h) < 300 && !names_site(h, strlen(h), site, host))
		return h;
	free(h);
	return NULL;
}

static char *
url_host(const char *url)
{
	const char *p = url ? strstr(url, "://") : NULL;
	if (!p)
		return NULL;
	p += 3;
	size_t n = strcspn(p, "/:?#");
	if (n > 4 && !strncasecmp(p, "www.", 4))
		p += 4, n -= 4;
	/* the registrable part matters: drop the top-level domain */
	const char *dot = memrchr(p, '.', n);
	if (dot)
		n = (size_t)(dot - p);
	return xstrndup(p, n);
}

/* ---- author ---- */

static char *clean_author(char *a);

/* Chinese and Japanese bylines: "作者：王小明", "记者 王小明", "文／山田太郎".
 * Where a label and its separator end in s, or NULL; the label must be
 * followed by a separator (作者们 is "the authors"). */
static const char *
cjk_label_end(const char *s)
{
	static const char *const labels[] = { "作者", "记者", "記者", "撰文", "著者", "筆者",
		"執筆", "文" };
	static const char *const seps[] = { "\xef\xbc\x9a", ":", " ", "\xe3\x80\x80",
		"\xef\xbc\x8f", "/", "\xe3\x83\xbb", "|" };
	for (size_t l = 0; l < sizeof labels / sizeof labels[0]; l++) {
		size_t ll = strlen(labels[l]);
		if (strncmp(s, labels[l], ll))
			continue;
		const char *q = s + ll;
		bool sep = false;
		for (bool more = true; more; ) {
			more = false;
			for (size_t k = 0; k < sizeof seps / sizeof seps[0]; k++) {
				size_t sl = strlen(seps[k]);
				/* 文 alone is "text": only 文／, 文・, 文： name a writer */
				if (!strncmp(q, seps[k], sl) && !(!strcmp(labels[l], "文") && !sep &&
								  (k == 2 || k == 3))) {
					q += sl;
					sep = more = true;
				}
			}
		}
		return sep ? q : NULL;
	}
	return NULL;
}

static bool
is_han(uint32_t cp)
{
	return cp >= 0x4e00 && cp <= 0x9fff;
}

/* The name after a Chinese or Japanese byline label in s: two to four
 * Han characters, or two such runs with a space between (山田 太郎); a
 * longer run holds more than the name and gives none. */
static char *
cjk_byline(const char *s)
{
	for (const char *p = s; *p; p++) {
		/* a label starts a word: 正文 holds 文, 工作者 作者 */
		uint32_t before = 0;
		if (p - s >= 3)
			utf8_decode((const unsigned char *)p - 3, 3, &before);
		const char *q = is_han(before) ? NULL : cjk_label_end(p);
		if (!q)
			continue;
		const char *start = q, *end = q;
		int runs = 0, run = 0, total = 0;
		for (;;) {
			uint32_t cp;
			size_t k = utf8_decode((const unsigned char *)q, strlen(q), &cp);
			if (k && is_han(cp)) {
				run++, total++;
				q += k;
				end = q;
				continue;
			}
			/* a given name after the space is two characters at least:
			 * 王泓漓 摄 is a name and "photo" */
			if (run && run <= 4 && (runs == 0 || run >= 2))
				runs++;
			else if (run)
				runs = 9;
			run = 0;
			/* one space between family and given name */
			if (runs == 1 && (cp == ' ' || cp == 0x3000) && k) {
				uint32_t next;
				size_t k2 = utf8_decode((const unsigned char *)q + k, strlen(q + k), &next);
				if (k2 && is_han(next)) {
					q += k;
					continue;
				}
			}
			break;
		}
		/* clean_author: 作者 where the name should be is none */
		if (runs >= 1 && runs <= 2 && total >= 2)
			return clean_author(xstrndup(start, (size_t)(end - start)));
	}
	return NULL;
}

/* "By Jane Doe", "Von Jane Doe", "Autor: Jane Doe" -> "Jane Doe"; NULL
 * when what is left does not look like a name. */
static char *
clean_author(char *a)
{
	static const char *const lead[] = { "written by ", "posted by ", "by ", "von ",
		"par ", "por ", "di ", "door ", "text: ", "text ", "autor: ", "autor ",
		"author: ", "auteur : ", "auteur: ", "автор: ", "автор ", "from ",
		"verfasst von ", "geschrieben von ", "veröffentlicht von ", "eingestellt von ",
		"publié par ", "publicado por ", "escrito por ", "text und fotos: ", "von: ", "by: ", "vom " };
	/* labels standing where the name should */
	static const char *const labels[] = { "posted", "publiziert am", "veröffentlicht",
		"von", "by", "autor", "author", "share", "teilen", "redakteur", "published",
		"作者", "记者", "記者", "著者", "筆者" };
	if (!a)
		return NULL;
	char *s = a;
	for (bool again = true; again; ) {
		again = false;
		while (*s == '|' || *s == '-' || *s == ':' || *s == ' ' || *s == ',')
			s++, again = true;
		/* "VonPatrick Czerny": the label and the name in two elements */
		if ((!strncmp(s, "Von", 3) || !strncmp(s, "By", 2)) &&
		    isupper((unsigned char)s[s[0] == 'V' ? 3 : 2]))
			s += s[0] == 'V' ? 3 : 2, again = true;
		for (size_t i = 0; i < sizeof lead / sizeof lead[0]; i++) {
			size_t l = strlen(lead[i]), len;
			if (word_is(s, strlen(s), lead[i], l - 1, &len) && s[l - 1] == ' ') {
				s += l;
				again = true;
			}
		}
	}
	size_t n = strlen(s);
	while (n && (s[n - 1] == ' ' || s[n - 1] == ',' || s[n - 1] == '|' || s[n - 1] == '-'))
		n--;
	/* names are short and are no addresses */
	int words = 1, digit = 0;
	for (size_t i = 0; i < n; i++) {
		words += s[i] == ' ';
		digit += isdigit((unsigned char)s[i]) != 0;
	}
	for (size_t i = 0; i < sizeof labels / sizeof labels[0]; i++) {
		size_t len;
		if (word_is(s, n, labels[i], strlen(labels[i]), &len) && len == n)
			n = 0;
	}
	char *r = NULL;
	if (n >= 2 && words <= 6 && n <= 60 && digit < 3 && !memchr(s, '@', n) &&
	    !strstr(s, "://") && !memchr(s, '/', n) && !memchr(s, '{', n))
		r = xstrndup(s, n);
	free(a);
	return r;
}

/* Is cp a capital letter of the alphabets names are capitalised in:
 * Latin (with Latin-1 and Extended-A), Greek, Cyrillic? */
static bool
capital(uint32_t cp)
{
	return (cp >= 'A' && cp <= 'Z') || (cp >= 0xc0 && cp <= 0xde && cp != 0xd7) ||
	       (cp >= 0x100 && cp <= 0x17f && !(cp & 1)) || (cp >= 0x391 && cp <= 0x3a9) ||
	       (cp >= 0x400 && cp <= 0x42f);
}

/* Does a read as a person's name: two to five words, each capitalised
 * ("J.R. Stone"; "Ursula von der Leyen" is not), not all in capitals (a
 * label, "PAID CONTENT"), no digits, no comma?  For text that no label
 * introduces; scripts without capitals (Chinese, Japanese) never pass. */
static bool
name_like(const char *a)
{
	int words = 0;
	bool lower = false;
	for (const char *p = a; *p; ) {
		uint32_t cp;
		size_t n = strlen(p);
		if (!utf8_decode((const unsigned char *)p, n, &cp) || !capital(cp))
			return false;
		words++;
		size_t wl = strcspn(p, " ");
		for (size_t i = 0; i < wl; ) {
			size_t k = utf8_decode((const unsigned char *)p + i, wl - i, &cp);
			if (!k || (cp < 0x80 && (isdigit((int)cp) || cp == ',')))
				return false;
			lower |= (cp >= 'a' && cp <= 'z') || (cp >= 0xdf && cp <= 0xff && cp != 0xf7) ||
				 (cp >= 0x100 && cp <= 0x17f && (cp & 1)) ||
				 (cp >= 0x3b1 && cp <= 0x3c9) || (cp >= 0x430 && cp <= 0x45f);
			i += k;
		}
		p += wl;
		while (*p == ' ')
			p++;
	}
	return words >= 2 && words <= 5 && lower;
}

/* The first byline element: rel=author, itemprop=author, or a class or id
 * naming the author or the byline.  When its whole text is no name ("By
 * Jane Doe Thursday, November 9, 2023 7:35AM"), its first link when that
 * reads as a name: a byline links its author's page. */
static char *
author_from_page(const struct dom *d, const struct marks *mk, const char **from)
{
	int a_tag = dom_tag_id(d, "a");
	for (int pass = 0; pass < 2; pass++) {
		for (int i = 0; i < d->n; i++) {
			if (d->flags[i] & DOM_SKIP)
				continue;
			bool hit = false;
			/* the word mask first: most elements name none of these */
			if (pass == 0)
				hit = (mk->words[i] & IW_AUTHOR &&
				       (attr_has(d, i, "rel", "author") ||
					(attr_has(d, i, "itemprop", "author") && !dom_attr(d, i, "content")))) ||
				      attr_has(d, i, "data-testid", "byline");
			else if (mk->words[i] & IW_AUTHOR) {
				struct idents nm;
				idents_of(d, i, &nm);
				static const char *const words[] = { "author", "byline", "autor", "verfasser" };
				for (size_t w = 0; w < sizeof words / sizeof words[0] && !hit; w++)
					hit = (nm.v[0] && ascii_casestr(nm.v[0], words[w])) ||
					      (nm.v[1] && ascii_casestr(nm.v[1], words[w]));
			}
			if (!hit || in_comments(d, mk->flags, i))
				continue;
			/* itemprop=author with a name inside: the name */
			int e = i;
			for (int k = i + 1; k < d->end[i]; k++)
				if (attr_has(d, k, "itemprop", "name")) {
					e = k;
					break;
				}
			char *a = element_text(d, e), *c = cjk_byline(a);
			a = c ? (free(a), c) : clean_author(a);
			for (int k = e + 1; !a && a_tag >= 0 && k < d->end[e]; k++)
				if (d->tag[k] == a_tag) {
					/* the first link only: the author's comes first,
					 * what follows links elsewhere */
					if ((a = clean_author(element_text(d, k))) && !name_like(a)) {
						free(a);
						a = NULL;
					}
					break;
				}
			if (a) {
				*from = pass == 0 ? "rel=author" : "byline";
				return a;
			}
		}
	}
	return NULL;
}

/* The name after a byline label in s ("Posted on May 3 by Jane Doe |
 * ...", "VON JANE DOE am 21. April", "Autoren: A und B"): up to six words,
 * ending at a separator, a number or a word that starts what follows. */
static char *
byline_name(const char *s)
{
	static const char *const labels[] = { "ein artikel von", "verfasst von", "geschrieben von",
		"autoren", "autorin", "autor", "author", "written by", "posted by", "by", "von",
		"par", "por", "автор" };
	static const char *const stops[] = { "on", "am", "um", "le", "el", "the", "at", "in",
		"im", "|", "-", "–", "—", "·", "•", "/", "(", "posted", "published", "veröffentlicht",
		"updated", "aktualisiert", "hosted", "и" };
	size_t n = strlen(s);
	for (size_t i = 0; i < n; i++) {
		if (i > 0 && s[i - 1] != ' ')
			continue;
		size_t len = 0;
		size_t l;
		for (l = 0; l < sizeof labels / sizeof labels[0]; l++)
			if (word_is(s + i, n - i, labels[l], strlen(labels[l]), &len))
				break;
		if (l == sizeof labels / sizeof labels[0])
			continue;
		size_t k = i + len;
		while (k < n && (s[k] == ':' || s[k] == ' '))
			k++;
		struct buf b;
		buf_init(&b);
		int words = 0;
		while (k < n && words < 6) {
			size_t wl = strcspn(s + k, " ");
			size_t st;
			for (st = 0; st < sizeof stops / sizeof stops[0]; st++)
				if (wl == strlen(stops[st]) && word_is(s + k, wl, stops[st], wl, &len))
					break;
			if (st < sizeof stops / sizeof stops[0] || isdigit((unsigned char)s[k]))
				break;
			size_t keep = wl;
			bool last = false;
			while (keep && (s[k + keep - 1] == ',' || s[k + keep - 1] == ';' ||
					s[k + keep - 1] == '|')) {
				keep--;
				last = true;
			}
			if (b.len)
				buf_addc(&b, ' ');
			buf_add(&b, s + k, keep);
			words++;
			k += wl;
			while (k < n && s[k] == ' ')
				k++;
			if (last)
				break;
		}
		/* "by", "von", "par", "por" are prepositions too: in a sentence
		 * (a long block, a full stop) or before a lower-case word or a
		 * lone word in a longer block they name no one */
		bool prep = l >= 9 && l <= 12;
		/* ... and a byline's one stands first, after a date or a
		 * separator, or in a "Posted ..." line */
		if (prep && i > 0) {
			size_t q = i;
			while (q > 0 && s[q - 1] == ' ')
				q--;
			unsigned char c = q ? (unsigned char)s[q - 1] : 0;
			size_t pl;
			bool posted = word_is(s, n, "posted", 6, &pl) || word_is(s, n, "veröffentlicht", 15, &pl) ||
				      word_is(s, n, "publiziert", 10, &pl) || word_is(s, n, "publié", 7, &pl) ||
				      word_is(s, n, "publicado", 9, &pl) || word_is(s, n, "eingestellt", 11, &pl);
			if (!(isdigit(c) || c == '|' || c == ',' || c >= 0x80 || posted))
				words = 0;
		}
		bool sentence = n > 100 || s[n - 1] == '.' || (b.len && strchr(b.data, ':'));
		bool lower = b.len && islower((unsigned char)b.data[0]) && words > 1;
		if (prep && (sentence || lower || (words == 1 && n > 60)))
			words = 0;
		/* a label with no name after it, or a sentence: none */
		if (words >= 1 && (k >= n || words < 6)) {
			char *a = clean_author(buf_steal(&b, NULL));
			if (a)
				return a;
		} else {
			buf_free(&b);
		}
	}
	return NULL;
}

static bool
heading_level_of(const struct dom *d, int e)
{
	const char *t = dom_tagname(d, e);
	return t[0] == 'h' && t[1] >= '1' && t[1] <= '6' && !t[2];
}

/* A dateline without a label, "04.02.2022 | 13:10 Uhr | Jane Doe": in a
 * short line that holds a date, the one part between separators that
 * reads as a person's name. */
static char *
dateline_name(const char *s, const char *lang)
{
	char day[11];
	if (!strchr(s, '|') || !extract_date_text(s, strlen(s), lang, day))
		return NULL;
	char *found = NULL;
	for (const char *p = s; *p; ) {
		size_t n = strcspn(p, "|");
		char *part = clean_author(nonempty_dup(p, n));
		if (part && name_like(part) && !found) {
			found = part;
		} else if (part && name_like(part)) {
			/* two names: which one is the author's is not clear */
			free(part);
			free(found);
			return NULL;
		} else {
			free(part);
		}
		p += n + (p[n] == '|');
	}
	return found;
}

/* Is s[0..n) just a label for the author ("Autor", "Author:", "Von")? */
static bool
author_label_n(const char *s, size_t n)
{
	static const char *const labels[] = { "author", "authors", "autor", "autorin", "autoren",
		"verfasser", "verfasserin", "auteur", "auteurs", "автор", "by", "von", "text" };
	size_t len;
	while (n && isspace((unsigned char)*s))
		s++, n--;
	while (n && (s[n - 1] == ':' || isspace((unsigned char)s[n - 1])))
		n--;
	/* "Auteur(s)", "Autor(in)" */
	if (n > 4 && s[n - 1] == ')' && memchr(s + n - 5, '(', 4))
		n = (size_t)((const char *)memchr(s + n - 5, '(', 4) - s);
	for (size_t l = 0; l < sizeof labels / sizeof labels[0]; l++)
		if (word_is(s, n, labels[l], strlen(labels[l]), &len) && len == n)
			return true;
	return false;
}

static bool
author_label(const char *s)
{
	return author_label_n(s, strlen(s));
}

/* A byline in a short block around the headline: the pattern of pages
 * that mark nothing up. */
static char *
author_from_byline(const struct dom *d, const uint8_t *marks, int h1, const char *lang)
{
	if (h1 < 0)
		return NULL;
	int start = d->text_begin[h1] > 20 ? d->text_begin[h1] - 20 : 0;
	int stop = d->text_end[h1] + 80, last = -1;
	bool labelled = false;
	for (int t = start; t < stop && t < d->ntexts; t++) {
		const struct dom_text *x = &d->texts[t];
		int e = x->block;
		if (x->flags & TEXT_SKIP || e == last || d->text_end[e] - d->text_begin[e] > 12 ||
		    in_comments(d, marks, e))
			continue;
		last = e;
		char *s = element_text(d, e);
		char *a = NULL;
		/* a label standing alone ("Autor", "Author:") and the name in
		 * the block after it, as a table or a list of facts has it */
		bool label = author_label(s);
		if (labelled && !label && !heading_level_of(d, e) &&
		    (a = clean_author(xstrdup(s))) && !name_like(a)) {
			free(a);
			a = NULL;
		}
		labelled = label;
		if (!a && strlen(s) <= 160 && !heading_level_of(d, e))
			a = byline_name(s);
		if (!a && strlen(s) <= 160 && !heading_level_of(d, e))
			a = cjk_byline(s);
		if (!a && x->len <= 100 && memchr(dom_text(d, t), '|', x->len) &&
		    !heading_level_of(d, e)) {
			/* the line itself: a <small> or <span> in a longer block */
			char *line = collapsed_dup(dom_text(d, t), x->len);
			a = dateline_name(line, lang);
			free(line);
		}
		free(s);
		if (a)
			return a;
	}
	return NULL;
}

/* Anywhere outside the page's chrome and comments: a label standing
 * alone and, in the block after it, what reads as a person's name. */
static char *
author_after_label(const struct dom *d, const uint8_t *marks)
{
	for (int t = 0; t < d->ntexts; t++) {
		const struct dom_text *x = &d->texts[t];
		if (x->flags & TEXT_SKIP || x->len > 24 || marks[x->elem] & MARK_CHROME ||
		    !author_label_n(dom_text(d, t), x->len))
			continue;
		for (int u = t + 1; u < d->ntexts; u++) {
			const struct dom_text *y = &d->texts[u];
			if (y->flags & TEXT_SKIP || y->block == x->block)
				continue;
			if (in_comments(d, marks, y->block))
				break;
			/* "Jane Doe, political scientist": the name before the role */
			char *v = element_text(d, y->block);
			v[strcspn(v, ",|")] = 0;
			char *a = clean_author(v);
			if (a && name_like(a))
				return a;
			free(a);
			break;
		}
	}
	return NULL;
}

/* An author that is the site's name, a domain or a login name
 * ("christian.stadtfeld", "wordpressadmin"). */
static bool
weak_author(const char *a, const char *site, const char *host)
{
	if (names_site(a, strlen(a), site, host) || ascii_casestr(a, "admin"))
		return true;
	if (strchr(a, ' '))
		return false;
	bool lower = true, mark = false;
	for (const char *p = a; *p; p++) {
		lower &= !isupper((unsigned char)*p);
		mark |= *p == '.' || *p == '_' || isdigit((unsigned char)*p);
	}
	return lower && mark;
}

/* ---- language ---- */

static char *
lang_norm(const char *v)
{
	while (*v == ' ')
		v++;
	size_t n = strcspn(v, ",; ");
	if (n < 2 || n > 20)
		return NULL;
	char *r = xstrndup(v, n);
	for (char *c = r; *c; c++)
		*c = *c == '_' ? '-' : *c;
	return r;
}

/* The language the text's script says, when it says one. */
static const char *
lang_from_script(const struct dom *d)
{
	size_t han = 0, kana = 0, hangul = 0, cyr = 0, uk = 0, greek = 0, thai = 0, all = 0;
	for (int t = 0; t < d->ntexts; t++) {
		if (d->texts[t].flags & TEXT_SKIP)
			continue;
		FOR_EACH_CHAR(dom_text(d, t), d->texts[t].len, cp, {
			all++;
			if (cp >= 0x4e00 && cp <= 0x9fff) han++;
			else if (cp >= 0x3040 && cp <= 0x30ff) kana++;
			else if (cp >= 0xac00 && cp <= 0xd7af) hangul++;
			else if (cp >= 0x400 && cp <= 0x4ff) {
				cyr++;
				uk += cp == 0x456 || cp == 0x457 || cp == 0x454 || cp == 0x491;
			} else if (cp >= 0x370 && cp <= 0x3ff) greek++;
			else if (cp >= 0xe00 && cp <= 0xe7f) thai++;
		});
	}
	if (!all)
		return NULL;
	if (kana * 20 > all)
		return "ja";
	if (hangul * 3 > all)
		return "ko";
	if (han * 3 > all)
		return "zh";
	if (greek * 3 > all)
		return "el";
	if (thai * 3 > all)
		return "th";
	if (cyr * 3 > all)
		return uk * 200 > cyr ? "uk" : "ru";
	return NULL;
}

/* ---- the whole ---- */

static void
list_add(char ***v, int *n, const char *s)
{
	char *c = nonempty_dup(s, strlen(s));
	if (!c)
		return;
	for (int i = 0; i < *n; i++)
		if (!strcmp((*v)[i], c)) {
			free(c);
			return;
		}
	*v = xreallocarray(*v, (size_t)*n + 1, sizeof **v);
	(*v)[(*n)++] = c;
}

static void
meta_all(const struct metas *ms, const char *key, char ***v, int *n)
{
	for (int m = 0; m < ms->n; m++) {
		int i = ms->id[m];
		const char *k = dom_attr(ms->d, i, "property");
		if (!k)
			k = dom_attr(ms->d, i, "name");
		const char *c = dom_attr(ms->d, i, "content");
		if (k && c && !strcasecmp(k, key))
			list_add(v, n, c);
	}
}

/* A date value from metadata, normalised; NULL when it is none. */
static char *
date_value(const char *v, const char *lang)
{
	if (!v)
		return NULL;
	char *iso = extract_date_iso(v);
	if (iso)
		return iso;
	char day[11];
	return extract_date_text(v, strlen(v), lang, day) ? xstrdup(day) : NULL;
}

static bool
set_date(struct page_meta *m, char *v, const char *from)
{
	if (m->date || !v) {
		free(v);
		return m->date != NULL;
	}
	m->date = v;
	m->date_from = from;
	return true;
}

/* The days the page's machine-readable dates name (published,
 * modified, <time>, the URL), to confirm the one the page shows. */
struct days {
	char day[32][11];
	int n;
};

static void
days_add(struct days *ds, const char *iso)
{
	if (iso && strlen(iso) >= 10 && ds->n < 32) {
		memcpy(ds->day[ds->n], iso, 10);
		ds->day[ds->n++][10] = 0;
	}
}

static bool
days_has(const struct days *ds, const char *day)
{
	for (int i = 0; i < ds->n; i++)
		if (!strncmp(ds->day[i], day, 10))
			return true;
	return false;
}

/* Days since 1970-01-01 of a civil date (proleptic Gregorian). */
static long
civil_days(int y, int m, int d)
{
	y -= m <= 2;
	long era = (y >= 0 ? y : y - 399) / 400;
	long yoe = y - era * 400;
	long doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	return era * 146097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719468;
}

/* Is day the one a reader in another time zone sees for the instant
 * iso ("2019-10-18T22:04:00Z")?  A timestamp with its offset is one
 * instant; the page shows it in its own zone, which moves the day by one
 * at most: forward when the time is late, back when it is early. */
static bool
zone_moves(const char *iso, const char *day)
{
	int y, m, d, hh, mm, y2, m2, d2;
	if (strlen(iso) < 20 || sscanf(iso, "%4d-%2d-%2dT%2d:%2d", &y, &m, &d, &hh, &mm) != 5 ||
	    sscanf(day, "%4d-%2d-%2d", &y2, &m2, &d2) != 3)
		return false;
	char z = iso[19];
	if (z != 'Z' && z != '+' && z != '-')
		return false;
	long delta = civil_days(y2, m2, d2) - civil_days(y, m, d);
	return (delta == 1 && hh >= 12) || (delta == -1 && hh < 12);
}

/* A published date written on the page: in elements whose class or id
 * says date or time, then in the text after the title. */
static char *
date_from_text(const struct dom *d, const struct marks *mk, int h1, const char *lang,
	       bool anywhere, const char **from)
{
	const uint8_t *marks = mk->flags;
	char day[11];
	/* the publication's own names first (id_words from IW_DATE on, in
	 * order; a page has event dates too), each in document order */
	for (int w = IW_DATE; w < IW_DATE_END; w++) {
		for (int i = d->body >= 0 ? d->body : 0; i < d->n; i++) {
			/* to confirm another date, only by the headline: what
			 * stands above it is often the site's today, what comes
			 * long after it other stories' */
			if (!anywhere && ((i < h1 && d->end[i] <= h1) ||
					  d->text_begin[i] > d->text_end[h1] + 60))
				continue;
			if (!(mk->words[i] & 1u << w) || mk->words[i] & IW_TEASER ||
			    d->flags[i] & DOM_SKIP || in_comments(d, marks, i) ||
			    d->text_end[i] - d->text_begin[i] > 40)
				continue;
			/* tried once, at the first word it holds */
			if (mk->words[i] & ((1u << w) - 1) & ~((1u << IW_DATE) - 1))
				continue;
			char *t = element_text(d, i);
			bool ok = strlen(t) < 200 && extract_date_text(t, strlen(t), lang, day);
			free(t);
			if (ok) {
				*from = "text";
				return xstrdup(day);
			}
		}
	}
	if (h1 >= 0) {
		for (int t = d->text_begin[h1]; t < d->text_end[h1] + 60 && t < d->ntexts; t++)
			if (!(d->texts[t].flags & TEXT_SKIP) &&
			    extract_date_text(dom_text(d, t), d->texts[t].len, lang, day)) {
				*from = "text";
				return xstrdup(day);
			}
	}
	/* last, the first short dated line of the page outside its
	 * navigation, header, footer, asides and comments */
	for (int t = 0; anywhere && t < d->ntexts; t++) {
		const struct dom_text *x = &d->texts[t];
		if (x->flags & TEXT_SKIP || x->len > 100)
			continue;
		bool chrome = marks[x->elem] & MARK_CHROME;
		if (!chrome && extract_date_text(dom_text(d, t), x->len, lang, day)) {
			*from = "text";
			return xstrdup(day);
		}
	}
	return NULL;
}

void
extract_meta_url(const struct dom *d, const char *url, struct page_meta *meta)
{
	memset(meta, 0, sizeof *meta);
	struct jsonld jl;
	jsonld_find(d, &jl);
	struct marks mk;
	meta_marks(d, &mk);
	struct metas ms;
	metas_find(d, &ms);
	const uint8_t *marks = mk.flags;

	/* language first: the visible dates are read in it */
	int html = first_tag(d, "html");
	const char *lv = html >= 0 ? dom_attr(d, html, "lang") : NULL;
	if (!lv && html >= 0)
		lv = dom_attr(d, html, "xml:lang");
	if (lv)
		meta->language = lang_norm(lv);
	if (!meta->language && (lv = meta_content(&ms, "http-equiv", "content-language")))
		meta->language = lang_norm(lv);
	if (!meta->language && (lv = meta_any(&ms, "og:locale")))
		meta->language = lang_norm(lv);
	if (meta->language) {
		meta->language_from = "html";
	} else {
		const char *s = lang_from_script(d);
		if (s) {
			meta->language = xstrdup(s);
			meta->language_from = "script";
		}
	}

	const char *site = meta_any(&ms, "og:site_name");
	if (site && (meta->site = nonempty_dup(site, strlen(site))))
		meta->site_from = "og:site_name";
	if (!meta->site && jl.publisher) {
		meta->site = xstrdup(jl.publisher);
		meta->site_from = "json-ld publisher";
	}
	if (!meta->site && (site = meta_content(&ms, "name", "application-name")) &&
	    (meta->site = nonempty_dup(site, strlen(site))))
		meta->site_from = "application-name";

	meta->canonical = canonical_of(&ms, &meta->canonical_from);
	const char *og;
	if (!url)
		url = meta->canonical;
	char *host = url_host(url);

	/* Title: the page's one h1 when the shared title (og:title, the
	 * <title>) holds it, as it then is the headline without the site's
	 * name; else og:title, JSON-LD's headline or <title> with the site's
	 * name taken off; else the first h1. */
	og = meta_any(&ms, "og:title");
	if (!og)
		og = meta_any(&ms, "twitter:title");
	int te = first_tag(d, "title");
	int h1 = first_tag(d, "h1");
	char *tt = te >= 0 ? element_text(d, te) : NULL;
	char *ht = headline_in(d, og, tt, jl.headline, meta->site, host);
	if (!ht)
		ht = headline_marked(d, marks, meta->site, host);
	if (ht) {
		meta->title = xstrdup(ht);
		meta->title_from = "h1";
	} else if (og && (meta->title = nonempty_dup(og, strlen(og)))) {
		meta->title_from = "og:title";
	} else if (jl.headline) {
		meta->title = xstrdup(jl.headline);
		meta->title_from = "json-ld";
	} else if (tt && *tt) {
		meta->title = xstrdup(tt);
		meta->title_from = "title";
	}
	if (!meta->title && h1 >= 0) {
		/* nothing better: the first h1 as it reads */
		char *h = element_text(d, h1);
		if (h && *h) {
			meta->title = h;
			meta->title_from = "h1";
		} else {
			free(h);
		}
	}
	if (meta->title)
		strip_site(meta->title, meta->site, host, !strcmp(meta->title_from, "h1"));
	free(tt);

	/* Author: JSON-LD, the meta tags, then the page's byline. */
	meta->author = clean_author(jl.author ? xstrdup(jl.author) : NULL);
	if (meta->author)
		meta->author_from = "json-ld";
	static const char *const author_keys[] = { "author", "article:author", "dc.creator",
		"dcterms.creator", "parsely-author", "sailthru.author", "byl", "twitter:creator" };
	for (size_t k = 0; !meta->author && k < sizeof author_keys / sizeof author_keys[0]; k++) {
		const char *a = meta_any(&ms, author_keys[k]);
		if (a && !strncmp(a, "@", 1))
			continue;
		if (a && (meta->author = clean_author(nonempty_dup(a, strlen(a)))))
			meta->author_from = "meta";
	}
	/* the site's own name or a login given as author: a person's byline
	 * is better */
	if (meta->author && weak_author(meta->author, meta->site, host)) {
		const char *from = NULL;
		char *a = author_from_page(d, &mk, &from);
		if (!a && (a = author_from_byline(d, marks, h1, meta->language)))
			from = "byline";
		if (a && !weak_author(a, meta->site, host)) {
			free(meta->author);
			meta->author = a;
			meta->author_from = from;
		} else {
			free(a);
		}
	}
	if (!meta->author)
		meta->author = author_from_page(d, &mk, &meta->author_from);
	/* a page without an h1 has its headline in the first h2 */
	if (!meta->author && (meta->author = author_from_byline(d, marks,
				h1 >= 0 ? h1 : first_tag(d, "h2"), meta->language)))
		meta->author_from = "byline";
	if (!meta->author && (meta->author = author_after_label(d, marks)))
		meta->author_from = "byline";

	/* Dates: the first of JSON-LD, the meta tags, itemprop, a <time>
	 * marked as the publication's, the URL, any <time>, the text; each
	 * machine-readable one remembered to confirm the date the page shows. */
	const char *lang = meta->language;
	struct days seen;
	seen.n = 0;
	char *v = date_value(jl.published, lang);
	days_add(&seen, v);
	set_date(meta, v, "json-ld");
	if ((meta->modified = date_value(jl.modified, lang)))
		meta->modified_from = "json-ld";
	static const char *const mod_keys[] = { "article:modified_time", "dateModified",
		"og:updated_time", "last-modified", "dcterms.modified" };
	for (size_t k = 0; !meta->modified && k < sizeof mod_keys / sizeof mod_keys[0]; k++)
		if ((meta->modified = date_value(meta_any(&ms, mod_keys[k]), lang)))
			meta->modified_from = mod_keys[k];
	days_add(&seen, meta->modified);
	static const char *const date_keys[] = { "article:published_time", "datePublished",
		"og:published_time", "published_time", "article.published", "pubdate",
		"publishdate", "publish-date", "publish_date", "date", "dc.date", "dc.date.issued",
		"dcterms.date", "dcterms.issued", "dc.date.created", "sailthru.date",
		"parsely-pub-date", "citation_publication_date", "citation_date",
		"article:published", "og:article:published_time" };
	for (size_t k = 0; k < sizeof date_keys / sizeof date_keys[0]; k++) {
		v = date_value(meta_any(&ms, date_keys[k]), lang);
		days_add(&seen, v);
		set_date(meta, v, "meta");
	}
	for (int i = 0; i < d->n && !meta->date; i++) {
		/* "publish" among its names first: a cheap test before the attribute */
		if (!(mk.words[i] & 1u << IW_DATE) || !attr_has(d, i, "itemprop", "datePublished"))
			continue;
		const char *c = dom_attr(d, i, "content");
		if (!c)
			c = dom_attr(d, i, "datetime");
		set_date(meta, date_value(c, lang), "meta");
	}
	char day[11];
	int time_tag = dom_tag_id(d, "time");
	for (int i = 0; time_tag >= 0 && i < d->n; i++) {
		if (d->tag[i] != time_tag || in_comments(d, marks, i))
			continue;
		v = date_value(dom_attr(d, i, "datetime"), lang);
		/* other stories' times in lists and asides confirm nothing */
		if (!(marks[i] & MARK_CHROME))
			days_add(&seen, v);
		/* first a time marked as the publication's */
		if (dom_attr(d, i, "pubdate") || mk.words[i] & 1u << IW_DATE ||
		    attr_has(d, i, "class", "entry-date"))
			set_date(meta, v, "time");
		else
			free(v);
	}
	bool in_url = date_in_url(url, day);
	if (in_url) {
		days_add(&seen, day);
		set_date(meta, xstrdup(day), "url");
	}
	for (int i = 0; time_tag >= 0 && i < d->n && !meta->date; i++)
		if (d->tag[i] == time_tag && !in_comments(d, marks, i))
			set_date(meta, date_value(dom_attr(d, i, "datetime"), lang), "time");
	const char *from = NULL;
	if (!meta->date) {
		v = date_from_text(d, &mk, h1, lang, true, &from);
		set_date(meta, v, from);
	} else if (strcmp(meta->date_from, "url") && h1 >= 0) {
		/* The date the page shows by its headline, when another of its
		 * machine-readable dates confirms it or it is the same instant
		 * in the page's time zone: a page updated and shown as of its
		 * update, or a UTC timestamp past midnight where it is read. */
		char *shown = date_from_text(d, &mk, h1, lang, false, &from);
		if (shown && strncmp(shown, meta->date, 10) &&
		    (days_has(&seen, shown) || zone_moves(meta->date, shown))) {
			free(meta->date);
			meta->date = shown;
			meta->date_from = from;
		} else {
			free(shown);
		}
	}

	const char *kw = meta_content(&ms, "name", "keywords");
	if (kw)
		meta->keywords = collapsed_dup(kw, strlen(kw));
	static const char *const desc_keys[] = { "description", "og:description",
		"twitter:description" };
	for (size_t k = 0; !meta->description && k < 3; k++) {
		const char *desc = k ? meta_any(&ms, desc_keys[k]) :
				   meta_content(&ms, "name", "description");
		if (desc && (meta->description = nonempty_dup(desc, strlen(desc))))
			meta->description_from = desc_keys[k];
	}

	const char *img = meta_any(&ms, "og:image");
	meta->image_from = "og:image";
	if (!img) {
		img = meta_any(&ms, "twitter:image");
		meta->image_from = "twitter:image";
	}
	if (img) {
		meta->image = nonempty_dup(img, strlen(img));
	} else if (jl.image) {
		meta->image = xstrdup(jl.image);
		meta->image_from = "json-ld";
	}
	if (!meta->image)
		meta->image_from = NULL;

	meta_all(&ms, "article:section", &meta->categories, &meta->ncategories);
	meta->categories_from = "article:section";
	if (!meta->ncategories && jl.section) {
		list_add(&meta->categories, &meta->ncategories, jl.section);
		meta->categories_from = "json-ld articleSection";
	}
	if (!meta->ncategories)
		meta->categories_from = NULL;
	meta_all(&ms, "article:tag", &meta->tags, &meta->ntags);
	meta->tags_from = meta->ntags ? "article:tag" : NULL;

	free(ht);
	free(host);
	free(mk.flags);
	free(mk.words);
	free(ms.id);
	jsonld_free(&jl);
}

char *
extract_canonical(const struct dom *d)
{
	struct metas ms;
	metas_find(d, &ms);
	const char *from;
	char *c = canonical_of(&ms, &from);
	free(ms.id);
	return c;
}

void
extract_meta(const struct dom *d, struct page_meta *meta)
{
	extract_meta_url(d, NULL, meta);
}

void
extract_meta_free(struct page_meta *meta)
{
	free(meta->title);
	free(meta->date);
	free(meta->keywords);
	free(meta->description);
	free(meta->site);
	free(meta->canonical);
	free(meta->author);
	free(meta->modified);
	free(meta->language);
	free(meta->image);
	for (int i = 0; i < meta->ncategories; i++)
		free(meta->categories[i]);
	free(meta->categories);
	for (int i = 0; i < meta->ntags; i++)
		free(meta->tags[i]);
	free(meta->tags);
	memset(meta, 0, sizeof *meta);
}

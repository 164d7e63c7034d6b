/* dom.c - libtidy's tree walked once into flat arrays. */
#include "config.h"

#include <ctype.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* tidy.h declares const-qualified return types that -Wextra flags. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wignored-qualifiers"
#include <tidy.h>
#include <tidybuffio.h>
#pragma GCC diagnostic pop

#include "dom.h"

/* Attributes on one element; real pages stay under a hundred. */
#define DOM_MAX_ATTRS 256

void
dom_opts_default(struct dom_opts *o)
{
	o->max_depth = DOM_DEFAULT_MAX_DEPTH;
}

static const char *const phrasing_tags[] = {
	"a", "abbr", "b", "bdi", "bdo", "br", "cite", "code", "data", "dfn",
	"em", "font", "i", "kbd", "mark", "q", "s", "samp", "small", "span",
	"strong", "sub", "sup", "time", "u", "var", "wbr", "img", "label",
};

static const char *const skip_tags[] = {
	"script", "style", "noscript", "template", "head",
};

/* End tags HTML lets authors leave out, and void elements: neither
 * deepens the nesting when counted from the source. */
static const char *const shallow_tags[] = {
	"p", "li", "dt", "dd", "option", "optgroup", "tr", "td", "th",
	"tbody", "thead", "tfoot", "rb", "rt", "rp", "colgroup", "html",
	"head", "body", "area", "base", "br", "col", "embed", "hr", "img",
	"input", "link", "meta", "param", "source", "track", "wbr",
	"keygen", "command", "basefont", "frame", "isindex",
};

static bool
in_list(const char *name, const char *const *list, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(name, list[i]) == 0)
			return true;
	return false;
}

#define IN_LIST(name, list) in_list(name, list, sizeof list / sizeof list[0])

/* A tag name of up to 8 bytes as one integer, for a quick look-up. */
static uint64_t
pack8(const char *name, size_t k)
{
	uint64_t v = 0;
	memcpy(&v, name, k < 8 ? k : 8);
	return v;
}

#define NSHALLOW (sizeof shallow_tags / sizeof shallow_tags[0])
static uint64_t shallow_packed[NSHALLOW];
static pthread_once_t shallow_once = PTHREAD_ONCE_INIT;

static void
init_shallow(void)
{
	for (size_t i = 0; i < NSHALLOW; i++)
		shallow_packed[i] = pack8(shallow_tags[i], strlen(shallow_tags[i]));
}

/* Is the lower-case name (k bytes) one of shallow_tags?  Called for
 * every tag of every page: integer compares, not strcmp. */
static bool
is_shallow(const char *name, size_t k)
{
	if (k > 8)
		return false;
	pthread_once(&shallow_once, init_shallow);
	uint64_t v = pack8(name, k);
	for (size_t i = 0; i < NSHALLOW; i++)
		if (shallow_packed[i] == v)
			return true;
	return false;
}

/* Attributes in the start tag s[0..n) after its name: names outside
 * quotes ("a = 'x'" is one). */
static int
count_attrs(const char *s, size_t n)
{
	int count = 0;
	char q = 0, prev = ' ';
	bool ws = true;
	for (size_t j = 0; j < n; j++) {
		char c = s[j];
		if (q) {
			if (c == q) {
				q = 0;
				prev = c;
			}
			continue;
		}
		if (c == '"' || c == '\'') {
			q = c;
			ws = false;
			continue;
		}
		if (isspace((unsigned char)c)) {
			ws = true;
			continue;
		}
		if (ws && c != '=' && c != '/' && prev != '=')
			count++;
		ws = false;
		prev = c;
	}
	return count;
}

/* The nesting depth, and the most attributes on one start tag. */
static int
scan_tags(const char *s, size_t n, int *max_attrs)
{
	int depth = 0, max = 0;
	*max_attrs = 0;
	size_t i = 0;
	char name[16];
	while (i < n) {
		const char *lt = memchr(s + i, '<', n - i);
		if (!lt)
			break;
		i = (size_t)(lt - s) + 1;
		if (i >= n)
			break;
		if (s[i] == '!') {
			if (i + 2 < n && s[i + 1] == '-' && s[i + 2] == '-') {
				const char *e = NULL;
				for (size_t j = i + 3; j + 2 < n; j++)
					if (s[j] == '-' && s[j + 1] == '-' && s[j + 2] == '>') {
						e = s + j + 3;
						break;
					}
				i = e ? (size_t)(e - s) : n;
			}
			continue;
		}
		bool close = s[i] == '/';
		if (close)
			i++;
		size_t k = 0;
		while (i < n && (isalnum((unsigned char)s[i]) || s[i] == '-') && k < sizeof name - 1)
			name[k++] = (char)tolower((unsigned char)s[i++]);
		name[k] = '\0';
		if (!k)
			continue;
		const char *gt = memchr(s + i, '>', n - i);
		size_t tend = gt ? (size_t)(gt - s) : n;
		bool selfclose = tend > 0 && s[tend - 1] == '/';
		if (!close) {
			int a = count_attrs(s + i, tend - i);
			if (a > *max_attrs)
				*max_attrs = a;
		}
		i = tend;
		if (is_shallow(name, k))
			continue;
		if (close) {
			if (depth > 0)
				depth--;
			continue;
		}
		if (selfclose)
			continue;
		if (!strcmp(name, "script") || !strcmp(name, "style") ||
		    !strcmp(name, "textarea") || !strcmp(name, "title")) {
			/* Raw text: skip to the matching end tag. */
			char endtag[24];
			int el = snprintf(endtag, sizeof endtag, "</%s", name);
			size_t j = i;
			while (j + (size_t)el <= n && strncasecmp(s + j, endtag, (size_t)el) != 0) {
				const char *nl = memchr(s + j + 1, '<', n - j - 1);
				j = nl ? (size_t)(nl - s) : n;
			}
			i = j;
			continue;
		}
		if (++depth > max)
			max = depth;
	}
	return max;
}

int
dom_nesting_depth(const char *s, size_t n)
{
	int attrs;
	return scan_tags(s, n, &attrs);
}

/* ---- building ---- */

struct builder {
	struct dom *d;
	int cap, tcap, acap, tagcap;
	struct buf pool;
	/* tag interning: open addressing over tagnames */
	int *hash;
	int hashcap;
	uint8_t *tagflags;      /* DOM_PHRASING / DOM_SKIP by tag id */
	TidyBuffer val;
};

static unsigned
strhash(const char *s)
{
	unsigned h = 2166136261u;
	while (*s)
		h = (h ^ (unsigned char)*s++) * 16777619u;
	return h;
}

static int
intern_tag(struct builder *b, const char *name)
{
	struct dom *d = b->d;
	unsigned h = strhash(name);
	for (int k = 0;; k++) {
		int slot = (int)((h + (unsigned)k) & (unsigned)(b->hashcap - 1));
		int id = b->hash[slot];
		if (id < 0) {
			if (d->ntags == b->tagcap) {
				b->tagcap = b->tagcap ? b->tagcap * 2 : 64;
				d->tagnames = xreallocarray(d->tagnames, (size_t)b->tagcap, sizeof *d->tagnames);
			}
			id = d->ntags++;
			d->tagnames[id] = xstrdup(name);
			for (char *c = d->tagnames[id]; *c; c++)
				*c = (char)tolower((unsigned char)*c);
			b->hash[slot] = id;
			/* classify once per tag, not once per element */
			b->tagflags = xrealloc(b->tagflags, (size_t)b->tagcap);
			b->tagflags[id] = (IN_LIST(d->tagnames[id], phrasing_tags) ? DOM_PHRASING : 0) |
					  (IN_LIST(d->tagnames[id], skip_tags) ? DOM_SKIP : 0);
			if (d->ntags * 2 > b->hashcap) {
				/* grow and rehash */
				int ncap = b->hashcap * 2;
				int *nh = xmalloc((size_t)ncap * sizeof *nh);
				for (int s = 0; s < ncap; s++)
					nh[s] = -1;
				for (int t = 0; t < d->ntags; t++) {
					unsigned th = strhash(d->tagnames[t]);
					int ss = (int)(th & (unsigned)(ncap - 1));
					while (nh[ss] >= 0)
						ss = (ss + 1) & (ncap - 1);
					nh[ss] = t;
				}
				free(b->hash);
				b->hash = nh;
				b->hashcap = ncap;
			}
			return id;
		}
		if (strcasecmp(d->tagnames[id], name) == 0)
			return id;
	}
}

static uint32_t
pool_add(struct builder *b, const char *s, size_t n)
{
	uint32_t off = (uint32_t)b->pool.len;
	buf_add(&b->pool, s, n);
	buf_addc(&b->pool, '\0');
	b->d->pool = b->pool.data;  /* dom_attr works while building */
	return off;
}

static void
grow_elements(struct builder *b)
{
	struct dom *d = b->d;
	if (d->n < b->cap)
		return;
	b->cap = b->cap ? b->cap * 2 : 1024;
	size_t c = (size_t)b->cap;
	d->parent = xreallocarray(d->parent, c, sizeof(int));
	d->first_child = xreallocarray(d->first_child, c, sizeof(int));
	d->next_sibling = xreallocarray(d->next_sibling, c, sizeof(int));
	d->end = xreallocarray(d->end, c, sizeof(int));
	d->depth = xreallocarray(d->depth, c, sizeof(int));
	d->tag = xreallocarray(d->tag, c, sizeof(int));
	d->pos = xreallocarray(d->pos, c, sizeof(int));
	d->line = xreallocarray(d->line, c, sizeof(int));
	d->col = xreallocarray(d->col, c, sizeof(int));
	d->flags = xreallocarray(d->flags, c, 1);
	d->text_begin = xreallocarray(d->text_begin, c, sizeof(int));
	d->text_end = xreallocarray(d->text_end, c, sizeof(int));
	d->attr_begin = xreallocarray(d->attr_begin, c + 1, sizeof(int));
}

static struct dom_text *
new_text(struct builder *b)
{
	struct dom *d = b->d;
	if (d->ntexts == b->tcap) {
		b->tcap = b->tcap ? b->tcap * 2 : 1024;
		d->texts = xreallocarray(d->texts, (size_t)b->tcap, sizeof *d->texts);
	}
	return &d->texts[d->ntexts++];
}

static void
add_attr(struct builder *b, const char *name, const char *value)
{
	struct dom *d = b->d;
	if (d->nattrs == b->acap) {
		b->acap = b->acap ? b->acap * 2 : 1024;
		d->attrs = xreallocarray(d->attrs, (size_t)b->acap, sizeof *d->attrs);
	}
	struct dom_attr *a = &d->attrs[d->nattrs++];
	a->name = pool_add(b, name, strlen(name));
	a->value = pool_add(b, value ? value : "", value ? strlen(value) : 0);
}

/* Start element for tidy node nd under parent p; returns its id. */
static int
add_element(struct builder *b, TidyNode nd, int p, int *last_child)
{
	struct dom *d = b->d;
	grow_elements(b);
	int i = d->n++;
	const char *name = tidyNodeGetName(nd);
	d->tag[i] = intern_tag(b, name ? name : "unknown");
	d->parent[i] = p;
	d->first_child[i] = -1;
	d->next_sibling[i] = -1;
	d->depth[i] = p < 0 ? 0 : d->depth[p] + 1;
	d->line[i] = (int)tidyNodeLine(nd);
	d->col[i] = (int)tidyNodeColumn(nd);
	d->text_begin[i] = d->ntexts;
	d->attr_begin[i] = d->nattrs;
	if (p >= 0) {
		if (last_child[p] < 0)
			d->first_child[p] = i;
		else
			d->next_sibling[last_child[p]] = i;
		last_child[p] = i;
	}
	last_child[i] = -1;

	const char *tn = d->tagnames[d->tag[i]];
	uint8_t f = 0;
	bool has_href = false;
	for (TidyAttr a = tidyAttrFirst(nd); a; a = tidyAttrNext(a)) {
		const char *an = tidyAttrName(a);
		if (!an)
			continue;
		add_attr(b, an, tidyAttrValue(a));
		if (!strcasecmp(an, "href"))
			has_href = true;
	}
	d->attr_begin[i + 1] = d->nattrs;
	f |= b->tagflags[d->tag[i]];
	if (p >= 0 && (d->flags[p] & DOM_SKIP))
		f |= DOM_SKIP;
	if (p >= 0 && (d->flags[p] & DOM_INLINK))
		f |= DOM_INLINK;
	if (!strcmp(tn, "a") && has_href)
		f |= DOM_LINK | DOM_INLINK;
	d->flags[i] = f;
	if (d->body < 0 && !strcmp(tn, "body"))
		d->body = i;
	if (d->head < 0 && !strcmp(tn, "head"))
		d->head = i;
	return i;
}

static int
block_of(const struct dom *d, int e)
{
	while (e >= 0 && (d->flags[e] & DOM_PHRASING))
		e = d->parent[e];
	return e < 0 ? 0 : e;
}

/* Text inside skipped elements is kept only where metadata lives. */
static bool
keep_skipped_text(const struct dom *d, int e)
{
	const char *tn = dom_tagname(d, e);
	if (!strcmp(tn, "title"))
		return true;
	if (!strcmp(tn, "script")) {
		const char *type = dom_attr(d, e, "type");
		return type && strstr(type, "ld+json");
	}
	return false;
}

static void
add_text(struct builder *b, TidyDoc doc, TidyNode nd, int e)
{
	struct dom *d = b->d;
	uint8_t f = 0;
	if (d->flags[e] & DOM_SKIP) {
		if (!keep_skipped_text(d, e))
			return;
		f |= TEXT_SKIP;
	}
	if (d->flags[e] & DOM_INLINK)
		f |= TEXT_LINK;
	if (!tidyNodeGetValue(doc, nd, &b->val))
		return;
	size_t len = b->val.size;
	/* tidy zeroes the whole buffer on every call: don't keep a big one */
	struct dom_text *t = new_text(b);
	t->off = pool_add(b, (const char *)b->val.bp, len);
	t->len = (uint32_t)len;
	t->elem = e;
	t->block = block_of(d, e);
	t->line = (int)tidyNodeLine(nd);
	t->flags = f;
	if (b->val.allocated > 65536)
		tidyBufFree(&b->val);
}

static void
add_break(struct builder *b, int e)
{
	struct dom *d = b->d;
	struct dom_text *t = new_text(b);
	t->off = 0;
	t->len = 0;
	t->elem = e;
	t->block = block_of(d, e);
	t->line = d->line[e];
	t->flags = TEXT_BREAK | ((d->flags[e] & DOM_SKIP) ? TEXT_SKIP : 0);
}

static Bool TIDY_CALL
quiet(TidyMessage m)
{
	(void)m;
	return no;
}

static pthread_once_t tidy_lang_once = PTHREAD_ONCE_INIT;

static void
tidy_lang(void)
{
	/* Without this, tidyCreate() changes the process locale. */
	tidySetLanguage("en");
}

static void
walk(struct builder *b, TidyDoc doc)
{
	struct dom *d = b->d;
	int lccap = 1024;
	int *last_child = xmalloc((size_t)lccap * sizeof *last_child);
	TidyNode root = tidyGetRoot(doc);
	TidyNode nd = tidyGetChild(root);
	int cur = -1;   /* element id of the tidy node we are inside */
	/* Iterative pre-order walk over tidy's tree using its parent links. */
	while (nd) {
		TidyNodeType type = tidyNodeGetType(nd);
		int me = -1;
		if (type == TidyNode_Start || type == TidyNode_StartEnd) {
			if (d->n + 1 >= lccap) {
				lccap *= 2;
				last_child = xreallocarray(last_child, (size_t)lccap, sizeof *last_child);
			}
			me = add_element(b, nd, cur, last_child);
			if (!strcmp(dom_tagname(d, me), "br"))
				add_break(b, me);
		} else if ((type == TidyNode_Text || type == TidyNode_CDATA) && cur >= 0) {
			add_text(b, doc, nd, cur);
		}
		TidyNode child = me >= 0 ? tidyGetChild(nd) : NULL;
		if (child) {
			cur = me;
			nd = child;
			continue;
		}
		if (me >= 0) {
			d->end[me] = d->n;
			d->text_end[me] = d->ntexts;
		}
		/* climb until a next sibling exists */
		while (nd) {
			TidyNode next = tidyGetNext(nd);
			if (next) {
				nd = next;
				break;
			}
			nd = tidyGetParent(nd);
			if (!nd || nd == root) {
				nd = NULL;
				break;
			}
			if (cur >= 0) {
				d->end[cur] = d->n;
				d->text_end[cur] = d->ntexts;
				cur = d->parent[cur];
			}
		}
	}
	while (cur >= 0) {
		d->end[cur] = d->n;
		d->text_end[cur] = d->ntexts;
		cur = d->parent[cur];
	}
	free(last_child);
}

/* 1-based positions among same-tag siblings, O(n) with a scratch counter
 * per tag. */
static void
compute_positions(struct dom *d)
{
	int *count = xcalloc((size_t)d->ntags + 1, sizeof *count);
	for (int p = -1; p < d->n; p++) {
		int c = p < 0 ? 0 : d->first_child[p];
		if (p < 0 && d->n == 0)
			break;
		int start = c;
		for (; c >= 0; c = p < 0 ? -1 : d->next_sibling[c])
			d->pos[c] = ++count[d->tag[c]];
		for (c = start; c >= 0; c = p < 0 ? -1 : d->next_sibling[c])
			count[d->tag[c]] = 0;
	}
	free(count);
}

const void *
dom_tidy_create(void)
{
	pthread_once(&tidy_lang_once, tidy_lang);
	TidyDoc doc = tidyCreate();
	tidySetMessageCallback(doc, quiet);
	tidyOptSetBool(doc, TidyShowWarnings, no);
	tidyOptSetBool(doc, TidyShowInfo, no);
	tidyOptSetBool(doc, TidyQuiet, yes);
	tidyOptSetInt(doc, TidyShowErrors, 0);
	/* keep the page's structure as written: empty elements stay */
	tidyOptSetBool(doc, TidyDropEmptyElems, no);
	tidyOptSetBool(doc, TidyDropEmptyParas, no);
	tidyOptSetBool(doc, TidyMark, no);
	tidyOptSetInt(doc, TidyUseCustomTags, TidyCustomBlocklevel);
	tidySetInCharEncoding(doc, "utf8");
	return doc;
}

int
dom_parse(const char *utf8, size_t len, const struct dom_opts *o,
	  struct dom **out, char *err, size_t errlen)
{
	*out = NULL;
	int attrs;
	int depth = scan_tags(utf8, len, &attrs);
	if (depth > o->max_depth) {
		snprintf(err, errlen, "elements nested %d deep, over the limit of %d (--max-depth)",
			 depth, o->max_depth);
		return -1;
	}
	/* libtidy's time is quadratic in the attributes of one element
	 * (20 000 take 4 s), so one tag could stall a run for hours. */
	if (attrs > DOM_MAX_ATTRS) {
		snprintf(err, errlen, "an element with %d attributes, over the limit of %d",
			 attrs, DOM_MAX_ATTRS);
		return -1;
	}
	TidyDoc doc = dom_tidy_create();
	TidyBuffer in;
	tidyBufInit(&in);
	tidyBufAttach(&in, (byte *)utf8, (uint)len);
	int rc = tidyParseBuffer(doc, &in);
	tidyBufDetach(&in);
	if (rc < 0) {
		tidyRelease(doc);
		snprintf(err, errlen, "the HTML parser gave up (tidy error %d)", rc);
		return -1;
	}

	struct dom *d = xcalloc(1, sizeof *d);
	struct builder b;
	memset(&b, 0, sizeof b);
	b.d = d;
	d->body = d->head = -1;
	b.hashcap = 128;
	b.hash = xmalloc((size_t)b.hashcap * sizeof *b.hash);
	for (int s = 0; s < b.hashcap; s++)
		b.hash[s] = -1;
	buf_init(&b.pool);
	buf_reserve(&b.pool, len);
	buf_addc(&b.pool, '\0'); /* offset 0 is the empty string */
	tidyBufInit(&b.val);
	walk(&b, doc);
	tidyBufFree(&b.val);
	tidyRelease(doc);
	free(b.hash);
	free(b.tagflags);
	grow_elements(&b);
	d->attr_begin[d->n] = d->nattrs;
	d->pool = buf_steal(&b.pool, &d->pool_len);
	compute_positions(d);
	*out = d;
	return 0;
}

void
dom_free(struct dom *d)
{
	if (!d)
		return;
	free(d->parent);
	free(d->first_child);
	free(d->next_sibling);
	free(d->end);
	free(d->depth);
	free(d->tag);
	free(d->pos);
	free(d->line);
	free(d->col);
	free(d->flags);
	free(d->text_begin);
	free(d->text_end);
	free(d->attr_begin);
	free(d->attrs);
	free(d->texts);
	free(d->pool);
	for (int t = 0; t < d->ntags; t++)
		free(d->tagnames[t]);
	free(d->tagnames);
	free(d);
}

const char *
dom_attr(const struct dom *d, int i, const char *name)
{
	for (int a = d->attr_begin[i]; a < d->attr_begin[i + 1]; a++)
		if (!strcasecmp(d->pool + d->attrs[a].name, name))
			return d->pool + d->attrs[a].value;
	return NULL;
}

int
dom_tag_id(const struct dom *d, const char *name)
{
	for (int t = 0; t < d->ntags; t++)
		if (!strcmp(d->tagnames[t], name))
			return t;
	return -1;
}

void
dom_xpath(const struct dom *d, int i, struct buf *out)
{
	/* The ancestors, root last; the depth is known, so one allocation. */
	int depth = d->depth[i] + 1;
	int *path = xmalloc((size_t)depth * sizeof *path);
	int n = 0;
	for (int e = i; e >= 0 && n < depth; e = d->parent[e])
		path[n++] = e;
	for (int k = n - 1; k >= 0; k--) {
		int e = path[k];
		const char *tn = dom_tagname(d, e);
		if (!strcmp(tn, "html") || !strcmp(tn, "body") || !strcmp(tn, "head"))
			buf_printf(out, "/%s", tn);
		else
			buf_printf(out, "/%s[%d]", tn, d->pos[e]);
	}
	free(path);
}

/* ---- labels ---- */

/* Append at most max code points of s, then "~" if it went on. */
static void
add_short(struct buf *out, const char *s, size_t n, int max)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0;
	int k = 0;
	while (i < n && k < max) {
		uint32_t cp;
		i += utf8_decode(u + i, n - i, &cp);
		k++;
	}
	buf_add(out, s, i);
	if (i < n)
		buf_addc(out, '~');
}

void
dom_label(const struct dom *d, int i, struct buf *out)
{
	buf_adds(out, dom_tagname(d, i));
	const char *id = dom_attr(d, i, "id");
	if (id && *id) {
		buf_addc(out, '#');
		add_short(out, id, strlen(id), 16);
	}
	const char *cls = dom_attr(d, i, "class");
	int shown = 0, more = 0;
	while (cls && *cls) {
		while (*cls == ' ' || *cls == '\t' || *cls == '\n' || *cls == '\r' || *cls == '\f')
			cls++;
		size_t len = strcspn(cls, " \t\n\r\f");
		if (!len)
			break;
		if (shown < 2) {
			buf_addc(out, '.');
			add_short(out, cls, len, 14);
			shown++;
		} else {
			more++;
		}
		cls += len;
	}
	if (more)
		buf_printf(out, "+%d", more);
}

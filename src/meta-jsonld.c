/* meta-jsonld.c - JSON-LD: the page's main object (its article, forum
 * posting or question) read with json-c, for its headline, dates,
 * authors and publisher. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "meta-int.h"
#include "meta-jsonld.h"

/* How much an object's @type says it is the page's own content: the
 * article kinds first (a forum's first post and a Q&A page's question
 * are the article of their page), then the page itself.  Replies
 * (Comment, Answer) and everything else: 0, never read. */
static int
type_rank(const char *t)
{
	static const char *const main_kinds[] = { "Article", "Posting", "Report", "Recipe",
		"Review", "Story", "Question", "HowTo", "Course", "Event" };
	static const char *const page_kinds[] = { "WebPage", "ItemPage", "AboutPage",
		"CollectionPage", "FAQPage", "QAPage", "ProfilePage", "SearchResultsPage" };
	for (size_t i = 0; i < sizeof main_kinds / sizeof main_kinds[0]; i++)
		if (strstr(t, main_kinds[i]))
			return 2;
	for (size_t i = 0; i < sizeof page_kinds / sizeof page_kinds[0]; i++)
		if (!strcmp(t, page_kinds[i]))
			return 1;
	return 0;
}

static bool has_type(struct json_object *o, const char *kind);

/* A Question is the page's own only on a Q&A page: an FAQ's questions
 * are parts of it. */
static int
object_rank(struct json_object *o, bool qa_page)
{
	if (!qa_page && has_type(o, "Question"))
		return 0;
	struct json_object *t;
	if (!json_object_object_get_ex(o, "@type", &t))
		return 0;
	if (json_object_is_type(t, json_type_string))
		return type_rank(json_object_get_string(t));
	int best = 0;
	if (json_object_is_type(t, json_type_array))
		for (size_t i = 0; i < json_object_array_length(t); i++) {
			struct json_object *e = json_object_array_get_idx(t, i);
			if (json_object_is_type(e, json_type_string)) {
				int r = type_rank(json_object_get_string(e));
				best = r > best ? r : best;
			}
		}
	return best;
}

/* Is kind one of o's types (or, when part, a part of one of their
 * names: NewsMediaOrganization is an Organization)? */
static bool
type_is(struct json_object *o, const char *kind, bool part)
{
	struct json_object *t;
	if (!json_object_object_get_ex(o, "@type", &t))
		return false;
	size_t n = json_object_is_type(t, json_type_array) ? json_object_array_length(t) : 1;
	for (size_t i = 0; i < n; i++) {
		struct json_object *e = json_object_is_type(t, json_type_array) ?
					json_object_array_get_idx(t, i) : t;
		const char *s = json_object_is_type(e, json_type_string) ?
				json_object_get_string(e) : NULL;
		if (s && (part ? strstr(s, kind) != NULL : !strcmp(s, kind)))
			return true;
	}
	return false;
}

static bool
has_type(struct json_object *o, const char *kind)
{
	return type_is(o, kind, false);
}

/* The string member key of o, collapsed, or NULL. */
static char *
member_string(struct json_object *o, const char *key)
{
	struct json_object *v;
	if (!json_object_object_get_ex(o, key, &v) || !json_object_is_type(v, json_type_string))
		return NULL;
	const char *s = json_object_get_string(v);
	char *r = nonempty_dup(s, strlen(s));
	if (r)
		refs_decode(r);
	return r;
}

/* Every object in the documents, in document order (objects inside
 * arrays and members too), so that @id references resolve. */
struct objs {
	struct json_object **v;
	int n, cap;
};

static void
objs_collect(struct json_object *o, struct objs *os, int depth)
{
	if (!o || depth > 32)
		return;
	if (json_object_is_type(o, json_type_array)) {
		for (size_t i = 0; i < json_object_array_length(o); i++)
			objs_collect(json_object_array_get_idx(o, i), os, depth + 1);
		return;
	}
	if (!json_object_is_type(o, json_type_object))
		return;
	if (os->n == os->cap) {
		os->cap = os->cap ? 2 * os->cap : 16;
		os->v = xrealloc(os->v, (size_t)os->cap * sizeof *os->v);
	}
	os->v[os->n++] = o;
	json_object_object_foreach(o, key, val) {
		(void)key;
		objs_collect(val, os, depth + 1);
	}
}

/* The object whose @id is ref and which says more than its @id. */
static struct json_object *
objs_by_id(const struct objs *os, const char *ref)
{
	for (int i = 0; i < os->n; i++) {
		struct json_object *id;
		if (json_object_object_length(os->v[i]) > 1 &&
		    json_object_object_get_ex(os->v[i], "@id", &id) &&
		    json_object_is_type(id, json_type_string) &&
		    !strcmp(json_object_get_string(id), ref))
			return os->v[i];
	}
	return NULL;
}

/* The names of an author value (a string, a Person or Organization, an
 * @id reference, or an array of them) added to b, "; " between names,
 * each once; *people and *orgs count what kind each was. */
static void
names_add(const struct objs *os, struct json_object *v, struct buf *b, int *people,
	  int *orgs, int depth)
{
	if (!v || depth > 4)
		return;
	if (json_object_is_type(v, json_type_array)) {
		for (size_t i = 0; i < json_object_array_length(v); i++)
			names_add(os, json_object_array_get_idx(v, i), b, people, orgs, depth + 1);
		return;
	}
	char *name = NULL;
	if (json_object_is_type(v, json_type_string)) {
		const char *s = json_object_get_string(v);
		if ((name = nonempty_dup(s, strlen(s))))
			refs_decode(name);
		(*people)++;
	} else if (json_object_is_type(v, json_type_object)) {
		struct json_object *full = v;
		char *ref = member_string(v, "@id");
		if (!json_object_object_get_ex(v, "name", NULL) && ref)
			full = objs_by_id(os, ref);
		free(ref);
		if (!full)
			return;
		name = member_string(full, "name");
		if (name && type_is(full, "Organization", true))
			(*orgs)++;
		else if (name)
			(*people)++;
	}
	if (!name)
		return;
	if (!b->len || !strstr(b->data, name)) {
		if (b->len)
			buf_adds(b, "; ");
		buf_adds(b, name);
	}
	free(name);
}

static char *
names_of(const struct objs *os, struct json_object *o, const char *key, bool *org)
{
	struct json_object *v;
	if (!json_object_object_get_ex(o, key, &v))
		return NULL;
	struct buf b;
	buf_init(&b);
	int people = 0, orgs = 0;
	names_add(os, v, &b, &people, &orgs, 0);
	if (org)
		*org = orgs && !people;
	return b.len ? buf_steal(&b, NULL) : (buf_free(&b), NULL);
}

static void
take(char **slot, char *v)
{
	if (!*slot && v)
		*slot = v;
	else
		free(v);
}

/* Fill j from one main object; what an earlier object gave stays. */
static void
jsonld_read(const struct objs *os, struct json_object *o, struct jsonld *j)
{
	take(&j->headline, member_string(o, "headline"));
	if (object_rank(o, true) == 2 && !has_type(o, "Event") && !has_type(o, "Course"))
		take(&j->headline, member_string(o, "name"));
	if (!j->author) {
		bool org = false;
		j->author = names_of(os, o, "author", &org);
		if (!j->author)
			j->author = names_of(os, o, "creator", &org);
		j->author_org = j->author && org;
	}
	take(&j->published, member_string(o, "datePublished"));
	take(&j->published, member_string(o, "dateCreated"));
	take(&j->modified, member_string(o, "dateModified"));
	take(&j->publisher, names_of(os, o, "publisher", NULL));
	take(&j->section, names_of(os, o, "articleSection", NULL));
	struct json_object *img;
	if (!j->image && json_object_object_get_ex(o, "image", &img)) {
		if (json_object_is_type(img, json_type_array))
			img = json_object_array_get_idx(img, 0);
		if (json_object_is_type(img, json_type_object))
			j->image = member_string(img, "url");
		else if (json_object_is_type(img, json_type_string))
			j->image = nonempty_dup(json_object_get_string(img),
						strlen(json_object_get_string(img)));
	}
}

void
jsonld_find(const struct dom *d, struct jsonld *j)
{
	memset(j, 0, sizeof *j);
	int script = dom_tag_id(d, "script");
	enum { MAXDOCS = 32 };
	struct json_object *docs[MAXDOCS];
	int ndocs = 0;
	struct objs os = { 0 };
	for (int i = 0; script >= 0 && i < d->n && ndocs < MAXDOCS; i++) {
		if (d->tag[i] != script || !attr_has(d, i, "type", "ld+json"))
			continue;
		struct buf b;
		buf_init(&b);
		for (int t = d->text_begin[i]; t < d->text_end[i]; t++)
			buf_add(&b, dom_text(d, t), d->texts[t].len);
		struct json_tokener *tok = json_tokener_new_ex(64);
		struct json_object *doc = b.len ? json_tokener_parse_ex(tok, b.data, (int)b.len) : NULL;
		json_tokener_free(tok);
		buf_free(&b);
		if (!doc)
			continue;
		docs[ndocs++] = doc;
		objs_collect(doc, &os, 0);
	}
	bool qa = false;
	for (int i = 0; i < os.n; i++)
		qa |= has_type(os.v[i], "QAPage");
	/* the article kinds before the page, each in document order */
	for (int rank = 2; rank >= 1; rank--)
		for (int i = 0; i < os.n; i++)
			if (object_rank(os.v[i], qa) == rank) {
				jsonld_read(&os, os.v[i], j);
				if (rank == 2 && (j->published || j->modified))
					j->dated_main = true;
			}
	free(os.v);
	for (int i = 0; i < ndocs; i++)
		json_object_put(docs[i]);
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
}

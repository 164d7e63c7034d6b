/* meta-jsonld.h - the page's JSON-LD main object (its article, forum
 * posting or question, else the page), for meta.c: its headline, dates,
 * authors and publisher, read with json-c.  struct jsonld owns its
 * strings (jsonld_free); a page without JSON-LD, or whose JSON-LD does
 * not parse, leaves every field NULL. */
#ifndef PITH_META_JSONLD_H
#define PITH_META_JSONLD_H

#include <stdbool.h>

#include "dom.h"

struct jsonld {
	char *headline, *author, *published, *modified, *publisher, *image, *section;
	bool author_org;    /* the authors given are organisations, no person */
	bool dated_main;    /* a date came from an article kind, not the page */
};

/* The page's JSON-LD into j: each field from the first object of the
 * article kinds (Article, NewsArticle, BlogPosting, DiscussionForumPosting,
 * Question, ...) that has it, else from the first WebPage; an author
 * named by @id is looked up in every script's graph.  jsonld_free
 * releases what it holds. */
void jsonld_find(const struct dom *d, struct jsonld *j);
void jsonld_free(struct jsonld *j);

#endif

/* auto-model.h - the auto method's weights, written by
 * tools/train-auto.py from 13740 labelled blocks of the dev
 * pages' training split (70 % of pages by id hash).
 * Weighted block accuracy: train 0.953, check 0.956
 * (6686 blocks); check split shingle F1 on aeb pages
 * 0.962.  Do not edit: run the script again. */
#ifndef PITH_AUTO_MODEL_H
#define PITH_AUTO_MODEL_H

/* first stage: the base features only (signals.h) */
static const float auto_stage1_weights[F_BASE_COUNT] = {
	[F_BIAS] = -3.223925f,
	[F_LOG_CHARS] = 0.097140f,
	[F_LINK_DENSITY] = -1.265832f,
	[F_LOG_CC] = 0.237195f,
	[F_LOG_TD] = 0.034580f,
	[F_CS] = -0.770740f,
	[F_PARENT_LD] = 1.091285f,
	[F_GRAND_LD] = -1.423915f,
	[F_CONTAINER] = 2.462960f,
	[F_POSITION] = -1.886552f,
	[F_PUNCT] = -0.519553f,
	[F_ENDS_PUNCT] = 0.403979f,
	[F_TAG_HEADING] = 0.303632f,
	[F_TAG_P] = 1.004439f,
	[F_TAG_LI] = 1.770856f,
	[F_TAG_CELL] = 3.040689f,
	[F_TAG_PRE] = 5.760740f,
	[F_SEMANTIC] = 0.949251f,
	[F_NEG_WORD] = -1.100882f,
	[F_POS_WORD] = 0.768021f,
	[F_NEG_TAG] = -0.877141f,
	[F_CC_CONTENT] = 0.381904f,
	[F_CC_REGION] = 1.170158f,
	[F_LB_REGION] = 0.107654f,
	[F_JSONLD] = 4.200380f,
	[F_HAS_JSONLD] = -2.819448f,
	[F_COPYRIGHT] = -2.193096f,
	[F_SIB_LONG] = 0.323302f,
	[F_COMMENT] = -3.594866f,
	[F_HIDDEN] = -1.402517f,
	[F_CAPTION] = -1.900828f,
	[F_TAG_H1] = -2.315583f,
};

/* second stage: every feature */
static const float auto_weights[F_COUNT] = {
	[F_BIAS] = -3.465229f,
	[F_LOG_CHARS] = 0.048471f,
	[F_LINK_DENSITY] = -1.121088f,
	[F_LOG_CC] = 0.329576f,
	[F_LOG_TD] = -0.042681f,
	[F_CS] = -0.620455f,
	[F_PARENT_LD] = 1.025700f,
	[F_GRAND_LD] = -0.225671f,
	[F_CONTAINER] = 1.526218f,
	[F_POSITION] = -1.253800f,
	[F_PUNCT] = -0.599184f,
	[F_ENDS_PUNCT] = 0.604788f,
	[F_TAG_HEADING] = -0.075536f,
	[F_TAG_P] = 0.574428f,
	[F_TAG_LI] = 1.048609f,
	[F_TAG_CELL] = 2.076430f,
	[F_TAG_PRE] = 4.441856f,
	[F_SEMANTIC] = 0.539968f,
	[F_NEG_WORD] = -0.218040f,
	[F_POS_WORD] = 0.701994f,
	[F_NEG_TAG] = -0.063898f,
	[F_CC_CONTENT] = 0.111740f,
	[F_CC_REGION] = 0.426111f,
	[F_LB_REGION] = -0.199520f,
	[F_JSONLD] = 3.963044f,
	[F_HAS_JSONLD] = -2.596802f,
	[F_COPYRIGHT] = -2.711098f,
	[F_SIB_LONG] = 0.165766f,
	[F_COMMENT] = -1.511558f,
	[F_HIDDEN] = -1.082279f,
	[F_CAPTION] = -2.396584f,
	[F_TAG_H1] = -1.715913f,
	[F_IN_CORE] = 1.414952f,
	[F_CORE_DIST] = -0.233722f,
	[F_LOCAL_NEG] = -0.930334f,
	[F_NEIGH_P] = 2.659107f,
};

#endif

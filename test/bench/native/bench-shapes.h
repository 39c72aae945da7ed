// What the Box2D harnesses read from a case file for one shape: its points (a circle has one, a
// capsule two, a polygon up to B2_MAX_POLYGON_VERTICES) and radius, and a pose (x, y, angle in
// radians); and the timed loop of a manifold function over a case's pairs. Include after Box2D's
// headers and bench-timing.h (number, fail).
#ifndef BENCH_SHAPES_H
#define BENCH_SHAPES_H

typedef struct Shape
{
	int count;
	b2Vec2 points[B2_MAX_POLYGON_VERTICES];
	float radius;
} Shape;

static Shape shape( char** p, const char* file )
{
	Shape s;
	s.count = (int)number( p, file );
	if ( s.count < 1 || s.count > B2_MAX_POLYGON_VERTICES )
		fail( "a shape has too many or too few points", file );
	for ( int i = 0; i < s.count; ++i )
	{
		s.points[i].x = (float)number( p, file );
		s.points[i].y = (float)number( p, file );
	}
	s.radius = (float)number( p, file );
	return s;
}

static b2Transform pose( char** p, const char* file )
{
	double x = number( p, file ), y = number( p, file ), angle = number( p, file );
	return (b2Transform){ { (float)x, (float)y }, { (float)cos( angle ), (float)sin( angle ) } };
}

// Inside a pass: CALL (a manifold of pair q) for every pair of case c, into acc and the hit count h.
#define MANIFOLD( CALL )                                                                                                             \
	for ( int i = 0; i < c->n; ++i )                                                                                                 \
	{                                                                                                                                \
		const Pair* q = c->pairs + i;                                                                                                \
		b2Manifold m = CALL;                                                                                                         \
		acc += m.pointCount + m.normal.x + m.points[0].separation;                                                                   \
		h += m.pointCount > 0;                                                                                                       \
	}

#endif

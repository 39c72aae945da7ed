// Box2D v3 itself building the exporter's one-sided chains, for box2d-v3-chains.test.ts.
// Standard input, one command a line:
//   chain N x0 y0 ... xN-1 yN-1   b2CreateChain on a static body at the origin, isLoop false,
//                                 with the points as given; prints "segments C", then per segment
//                                 "segment p1x p1y p2x p2y ghost1x ghost1y ghost2x ghost2y"
//   drop x y h                    a dynamic 2h × 2h box at (x, y)
// At the end of input the world steps 2 s at 60 Hz (4 substeps) and prints "box x y" per box.
#include "box2d/box2d.h"
#include <stdio.h>
#include <string.h>

#define MAX_POINTS 256
#define MAX_BOXES 64

int main( void )
{
	b2WorldDef worldDef = b2DefaultWorldDef();
	worldDef.gravity = ( b2Vec2 ){ 0.0f, -10.0f };
	b2WorldId world = b2CreateWorld( &worldDef );
	b2BodyDef groundDef = b2DefaultBodyDef();
	b2BodyId ground = b2CreateBody( world, &groundDef );
	b2BodyId boxes[MAX_BOXES];
	int boxCount = 0;
	char command[16];
	while ( scanf( "%15s", command ) == 1 )
	{
		if ( strcmp( command, "chain" ) == 0 )
		{
			static b2Vec2 points[MAX_POINTS];
			static b2ShapeId segments[MAX_POINTS];
			int n = 0;
			if ( scanf( "%d", &n ) != 1 || n < 0 || n > MAX_POINTS ) return 2;
			for ( int i = 0; i < n; ++i )
				if ( scanf( "%f %f", &points[i].x, &points[i].y ) != 2 ) return 2;
			// b2CreateChain asserts count >= 4, and NDEBUG would let a shorter one through.
			if ( n < 4 )
			{
				printf( "segments 0\n" );
				continue;
			}
			b2ChainDef chainDef = b2DefaultChainDef();
			chainDef.points = points;
			chainDef.count = n;
			chainDef.isLoop = false;
			b2ChainId chain = b2CreateChain( ground, &chainDef );
			int count = b2Chain_GetSegments( chain, segments, MAX_POINTS );
			printf( "segments %d\n", count );
			for ( int i = 0; i < count; ++i )
			{
				b2ChainSegment s = b2Shape_GetChainSegment( segments[i] );
				printf( "segment %.9g %.9g %.9g %.9g %.9g %.9g %.9g %.9g\n", s.segment.point1.x, s.segment.point1.y, s.segment.point2.x,
						s.segment.point2.y, s.ghost1.x, s.ghost1.y, s.ghost2.x, s.ghost2.y );
			}
		}
		else if ( strcmp( command, "drop" ) == 0 )
		{
			float x, y, h;
			if ( scanf( "%f %f %f", &x, &y, &h ) != 3 || boxCount == MAX_BOXES ) return 2;
			b2BodyDef bodyDef = b2DefaultBodyDef();
			bodyDef.type = b2_dynamicBody;
			bodyDef.position = ( b2Vec2 ){ x, y };
			boxes[boxCount] = b2CreateBody( world, &bodyDef );
			b2ShapeDef shapeDef = b2DefaultShapeDef();
			b2Polygon box = b2MakeBox( h, h );
			b2CreatePolygonShape( boxes[boxCount], &shapeDef, &box );
			boxCount += 1;
		}
		else
			return 2;
	}
	for ( int i = 0; i < 120; ++i )
		b2World_Step( world, 1.0f / 60.0f, 4 );
	for ( int i = 0; i < boxCount; ++i )
	{
		b2Vec2 p = b2Body_GetPosition( boxes[i] );
		printf( "box %.9g %.9g\n", p.x, p.y );
	}
	return 0;
}

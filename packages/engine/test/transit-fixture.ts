// A hand-made GTFS feed on the Brussels foot network (tests of the router, by hand): tram 1 from
// Alpha every 10 minutes 07:00–09:50 (frequencies.txt), 10 minutes to Gamma; bus 2 from Gamma's
// second platform to Delta; a station with a 3-minute change; a trip past 24:00; a Saturday bus.
import fs from 'node:fs';
import path from 'node:path';
import {FOOT, type Region, regionSections} from '../src/internal.js';

/** The foot-graph node nearest to a position (in the main walking component). */
export function nodeNear(region: Region, lat: number, lon: number): number {
    const g = regionSections(region).roads;
    let best = -1, bestD = Infinity;
    for (let i = 0; i < g.nodeCount; i++) {
        if (!g.inMainComponent(i, FOOT)) continue;
        const d = (g.nodeLat[i] / 1e7 - lat) ** 2 + ((g.nodeLon[i] / 1e7 - lon) * 0.63) ** 2;
        if (d < bestD) {
            bestD = d;
            best = i;
        }
    }
    return best;
}

export function writeFeed(dir: string, files: Record<string, string>): void {
    fs.mkdirSync(dir, {recursive: true});
    for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
}

export function tinyFeed(region: Region): {files: Record<string, string>; nodes: number[]} {
    const g = regionSections(region).roads;
    const nodes = [nodeNear(region, 50.835, 4.335), nodeNear(region, 50.845, 4.36), nodeNear(region, 50.855, 4.385), nodeNear(region, 50.87, 4.41)];
    const pos = (i: number) => `${(g.nodeLat[nodes[i]] / 1e7).toFixed(7)},${(g.nodeLon[nodes[i]] / 1e7).toFixed(7)}`;
    return {
        nodes,
        files: {
            'agency.txt': '\ufeff"agency_id","agency_name","agency_url","agency_timezone"\r\n"T","Tiny Transit","http://example.com","Europe/Brussels"\r\n',
            // A station with two platforms, a quoted name with a comma, spaces around fields, no stop_code column.
            'stops.txt': 'stop_id,stop_name,stop_lat,stop_lon,location_type,parent_station\n' +
                `A,"Alpha, Place",${pos(0)},,\n` +
                `B,Beta  ,${pos(1)},0,\n` +
                `CS,Gamma station,${pos(2)},1,\n` +
                `C1,,${pos(2)},0,CS\n` +
                `C2,Gamma quai 2,${pos(2)},0,CS\n` +
                ` D , Delta ,${pos(3)},0,\n`,
            // No route_long_name column; route types tram and bus.
            'routes.txt': 'route_id,agency_id,route_short_name,route_type,route_color\nR1,T,1,0,FF0000\nR2,T,2,3,\n',
            'trips.txt': 'route_id,service_id,trip_id,trip_headsign\nR1,WK,F1,"Gamma, via Beta"\nR2,WK,T2a,Delta\nR2,WK,T2b,Delta\nR2,SAT,T2s,Delta\n',
            // Unpadded hours, an untimed middle stop, a time past 24:00, CRLF line ends.
            'stop_times.txt': 'trip_id,arrival_time,departure_time,stop_id,stop_sequence\r\n' +
                'F1,7:00:00,7:00:00,A,1\r\nF1,,,B,2\r\nF1,7:10:00,7:10:00,C1,3\r\n' +
                'T2a,08:15:00,08:15:00,C2,1\r\nT2a,8:25:00,8:25:00,D,2\r\n' +
                'T2b,24:10:00,24:10:00,C2,1\r\nT2b,24:20:00,24:20:00,D,2\r\n' +
                'T2s,09:00:00,09:00:00,C2,1\r\nT2s,09:10:00,09:10:00,D,2\r\n',
            // Only calendar_dates.txt: Monday to Wednesday for WK, a Saturday for SAT.
            'calendar_dates.txt': 'service_id,date,exception_type\nWK,20240304,1\nWK,20240305,1\nWK,20240306,1\nSAT,20240309,1\n',
            'frequencies.txt': 'trip_id,start_time,end_time,headway_secs\nF1,07:00:00,10:00:00,600\n',
            // Three minutes to change at the station (between its platforms).
            'transfers.txt': 'from_stop_id,to_stop_id,transfer_type,min_transfer_time\nCS,CS,2,180\n'
        }
    };
}

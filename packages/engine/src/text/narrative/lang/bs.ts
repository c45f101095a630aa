// Bosnian (ijekavian, Latin script): the shared South Slavic patterns (south-slavic.ts) with
// Bosnian vocabulary ("voz", "pozorište", "aerodrom", "autoput", "prijevoz", "kupovina").
import {southSlavicPack} from './south-slavic.js';

export default southSlavicPack({
    code: 'BS',
    locale: 'bs',
    titles: {tourism: 'Turizam', transports: 'Prijevoz', education: 'Obrazovanje', shopping: 'Kupovina', cities: 'Obližnji gradovi', publictransports: 'Javni prijevoz'},
    minute: {one: 'minuta', oneAcc: 'minutu', few: 'minute', other: 'minuta'},
    hour: {one: 'sat', few: 'sata', other: 'sati'},
    modes: {1: 'automobilom', 2: 'pješice', 3: 'biciklom', 4: 'javnim prijevozom'},
    kinds: {
        nursery: {nom: 'jaslice', g: 'p'},
        preschool: {nom: 'vrtić', g: 'm'},
        elementarySchool: {nom: 'osnovna škola', g: 'f'},
        secondarySchool: {nom: 'srednja škola', g: 'f'},
        trainStation: {nom: 'željeznička stanica', g: 'f'},
        carSharing: {nom: 'stanica za dijeljenje automobila', g: 'f'},
        bikeSharing: {nom: 'stanica javnih bicikala', g: 'f'},
        airport: {nom: 'aerodrom', g: 'm'},
        chargingStation: {nom: 'punionica za električna vozila', g: 'f'},
        supermarket: {nom: 'supermarket', g: 'm'},
        amusementPark: {nom: 'zabavni park', g: 'm'},
        museum: {nom: 'muzej', g: 'm'},
        zoo: {nom: 'zoološki vrt', g: 'm'},
        activity: {nom: 'aktivnost', g: 'f'},
        monument: {nom: 'spomenik', g: 'm'},
        attraction: {nom: 'turistička atrakcija', g: 'f'},
        castle: {nom: 'dvorac', g: 'm'},
        theatre: {nom: 'pozorište', g: 'n'},
        cinema: {nom: 'kino', g: 'n'},
        golfCourse: {nom: 'teren za golf', g: 'm'}
    },
    place: {nom: 'mjesto', g: 'n'},
    lines: {
        bus: {sgNom: 'autobuska linija', sgAcc: 'autobusku liniju', pl: 'autobuske linije', stop: 'najbliže autobusko stajalište'},
        tram: {sgNom: 'tramvajska linija', sgAcc: 'tramvajsku liniju', pl: 'tramvajske linije', stop: 'najbliže tramvajsko stajalište'},
        lightRail: {sgNom: 'linija lake željeznice', sgAcc: 'liniju lake željeznice', pl: 'linije lake željeznice', stop: 'najbliže stajalište lake željeznice'},
        metro: {sgNom: 'linija metroa', sgAcc: 'liniju metroa', pl: 'linije metroa', stop: 'najbliža stanica metroa'},
        train: {sgNom: 'linija voza', sgAcc: 'liniju voza', pl: 'linije vozova', stop: 'najbliža željeznička stanica'}
    },
    words: {
        visit: 'Vrijedi posjetiti',
        families: 'Porodice s djecom cijenit će blizinu',
        goodNews: 'Dobra vijest za porodice',
        ptUsers: 'Korisnici javnog prijevoza',
        runSg: 'saobraća',
        runPl: 'saobraćaju',
        motorwayGen: 'autoputa',
        motorwayNetwork: 'Mreža [STRONG]autoputeva[/STRONG]',
        shopping: 'kupovinu namirnica',
        leisure: 'slobodno vrijeme'
    },
    intro: [
        (s) => `"${s}" je praktično mjesto za život, s lakim pristupom prodavnicama, prijevozu i osnovnim uslugama.`,
        (s) => `Stanovanje u blizini adrese "${s}" znači praktičan svakodnevni život: prodavnice, prijevoz i osnovne usluge su nadohvat ruke.`
    ],
    outro: [
        'Raznolikost dostupnih sadržaja u blizini doprinosi kvalitetu života u ovom naselju.',
        'Sve što vam treba za svakodnevni život nalazi se u blizini.'
    ]
});

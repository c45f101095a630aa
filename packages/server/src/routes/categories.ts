// GET /simplifiedcategories (SPEC §4.6) and /categories (§4.7).
import type {Express} from 'express';
import type {Guard} from '../http/request-contract.js';
import {languageWithFallback} from '../http/params.js';
import {categoryTreeAnswer, simplifiedCategoriesAnswer} from '../answers/categories-answer.js';

export function categoryRoutes(app: Express, guard: Guard): void {
    app.get('/simplifiedcategories', guard('any', ({region, query}, _req, res) => {
        languageWithFallback(query, region.country.languages);
        res.json(simplifiedCategoriesAnswer(region.catalog));
    }));
    app.get('/categories', guard('any', ({region, query}, _req, res) => {
        const language = languageWithFallback(query, region.country.languages);
        res.json(categoryTreeAnswer(region.catalog, language));
    }));
}

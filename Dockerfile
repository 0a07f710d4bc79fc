# One image for the three services; the gateway image carries the built web app.
FROM node:20-bookworm-slim AS app
WORKDIR /app
COPY package.json package-lock.json ./
COPY events/package.json events/
COPY service-kit/package.json service-kit/
COPY command-api/package.json command-api/
COPY projector/package.json projector/
COPY query-api/package.json query-api/
COPY web/package.json web/
RUN npm ci
COPY . .
RUN npm run build:web
USER node
ENV PORT=3000 HOST=0.0.0.0
CMD ["node", "--import", "tsx", "scripts/start.ts"]

FROM nginx:1.27-alpine AS gateway
COPY deploy/gateway.conf /etc/nginx/conf.d/default.conf
COPY --from=app /app/web/dist /usr/share/nginx/html

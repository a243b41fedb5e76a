/**
 * The service's one version number: package.json's `version`, the MCP
 * server's serverInfo, the MCP server card and the OpenAPI document all say
 * this (a unit test holds package.json to it). It is the interface version
 * as well (docs/search-and-stats.md#discovery-document): the service implements interface 3.0.0, and the
 * two move together until the interface and the implementation need to be
 * told apart.
 */
export const SERVICE_VERSION = "3.0.0";

import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiCreatedResponse,
  ApiExtraModels,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import {
  ApiKeyRole,
  CreateWebhookEndpointRequest,
  ListWebhookDeliveriesQueryDto,
  ListWebhookEndpointsQueryDto,
  RecoverWebhookDeliveriesRequest,
  UpdateWebhookEndpointRequest,
  WebhookDeliveriesRecoveredDto,
  WebhookDeliveryDetailDto,
  WebhookDeliveryDto,
  WebhookDeliveryListResponse,
  WebhookEndpointCreatedDto,
  WebhookEndpointDto,
  WebhookEndpointListResponse,
  WebhookEventTypesResponse,
  WebhookSecretRotatedDto,
  WebhookTestEventSentDto,
  WEBHOOK_EVENT_SCHEMAS,
} from '#contracts';
import { ApiProblems, NoStore, OperatorRole, uuidParam } from '#platform';
import { ApiKeyAuth } from '../auth/api-key-auth.decorator.js';
import { ActingPartnerId, CurrentPrincipal, PartnerScoped, Roles } from '../auth/auth.decorators.js';
import type { ApiKeyPrincipal } from '../auth/principal.js';
import { WebhooksService } from './webhooks.service.js';

/**
 * A partner's webhook endpoints and their delivery log. Creating and listing act for `partnerId`
 * (a partner key's own, an operator key names it); an endpoint or delivery named by id is reached by
 * its partner's keys and by operator keys, and is 404 for any other partner.
 */
@ApiTags('Webhooks')
// The body of each event type is a schema of the document of its own (with an example): partners generate types from them.
@ApiExtraModels(...WEBHOOK_EVENT_SCHEMAS)
@ApiKeyAuth()
@Roles(ApiKeyRole.Partner, ApiKeyRole.Operator)
@Controller('api/v1/webhooks')
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Post('endpoints')
  @OperatorRole('admin')
  @NoStore()
  @PartnerScoped()
  @ApiOperation({
    summary: 'Register a webhook endpoint',
    description:
      'The answer holds the signing secret, shown only here (not idempotent: a repeat registers another endpoint with another secret). The URL must be https, and its host must not be or resolve to a loopback, private, link-local or metadata address (400 naming url). At most 20 endpoints per partner (409 WEBHOOK_ENDPOINT_LIMIT).',
  })
  @ApiCreatedResponse({ type: WebhookEndpointCreatedDto })
  @ApiProblems(409)
  create(@ActingPartnerId() partnerId: number, @Body() body: CreateWebhookEndpointRequest): Promise<WebhookEndpointCreatedDto> {
    return this.webhooks.create(partnerId, body);
  }

  @Get('endpoints')
  @OperatorRole('viewer')
  @PartnerScoped()
  @ApiOperation({ summary: 'List webhook endpoints', description: 'The partner’s endpoints, newest first (never their secrets).' })
  @ApiOkResponse({ type: WebhookEndpointListResponse })
  list(@ActingPartnerId() partnerId: number, @Query() query: ListWebhookEndpointsQueryDto): Promise<WebhookEndpointListResponse> {
    return this.webhooks.list(partnerId, query);
  }

  @Get('endpoints/:endpointId')
  @OperatorRole('viewer')
  @ApiOperation({ summary: 'Single webhook endpoint lookup', description: 'Why and when it was disabled, if it is.' })
  @ApiOkResponse({ type: WebhookEndpointDto })
  @ApiProblems(404)
  get(
    @CurrentPrincipal() principal: ApiKeyPrincipal,
    @Param('endpointId', uuidParam('endpointId')) endpointId: string,
  ): Promise<WebhookEndpointDto> {
    return this.webhooks.get(principal, endpointId);
  }

  @Patch('endpoints/:endpointId')
  @OperatorRole('admin')
  @ApiOperation({
    summary: 'Update a webhook endpoint',
    description:
      'Changes the fields given. enabled=false disables it (no new events; its pending deliveries wait), enabled=true enables it again and clears disabledReason, disabledAt and failingSince.',
  })
  @ApiOkResponse({ type: WebhookEndpointDto })
  @ApiProblems(404)
  update(
    @CurrentPrincipal() principal: ApiKeyPrincipal,
    @Param('endpointId', uuidParam('endpointId')) endpointId: string,
    @Body() body: UpdateWebhookEndpointRequest,
  ): Promise<WebhookEndpointDto> {
    return this.webhooks.update(principal, endpointId, body);
  }

  @Delete('endpoints/:endpointId')
  @OperatorRole('admin')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete a webhook endpoint', description: 'With its deliveries and their attempts.' })
  @ApiNoContentResponse()
  @ApiProblems(404)
  async delete(
    @CurrentPrincipal() principal: ApiKeyPrincipal,
    @Param('endpointId', uuidParam('endpointId')) endpointId: string,
  ): Promise<void> {
    await this.webhooks.delete(principal, endpointId);
  }

  @Post('endpoints/:endpointId/rotate-secret')
  @OperatorRole('admin')
  @NoStore()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Rotate the signing secret',
    description:
      'A new secret, shown only here. For the next 24 hours deliveries carry two signatures in webhook-signature, one per secret, so either verifies; then only the new one signs.',
  })
  @ApiOkResponse({ type: WebhookSecretRotatedDto })
  @ApiProblems(404)
  rotateSecret(
    @CurrentPrincipal() principal: ApiKeyPrincipal,
    @Param('endpointId', uuidParam('endpointId')) endpointId: string,
  ): Promise<WebhookSecretRotatedDto> {
    return this.webhooks.rotateSecret(principal, endpointId);
  }

  @Post('endpoints/:endpointId/test')
  @OperatorRole('admin')
  @HttpCode(202)
  @ApiOperation({
    summary: 'Send a test event',
    description:
      'A webhook.test event ({endpointId, message}) delivered to this endpoint only, whatever it subscribed to, signed and retried like any other. 409 WEBHOOK_ENDPOINT_DISABLED while the endpoint is disabled.',
  })
  @ApiAcceptedResponse({ type: WebhookTestEventSentDto })
  @ApiProblems(404, 409)
  sendTestEvent(
    @CurrentPrincipal() principal: ApiKeyPrincipal,
    @Param('endpointId', uuidParam('endpointId')) endpointId: string,
  ): Promise<WebhookTestEventSentDto> {
    return this.webhooks.sendTestEvent(principal, endpointId);
  }

  @Get('endpoints/:endpointId/deliveries')
  @OperatorRole('viewer')
  @ApiOperation({
    summary: 'List an endpoint’s deliveries',
    description: 'Newest first; filtered by status, event type and creation time (since inclusive, until exclusive).',
  })
  @ApiOkResponse({ type: WebhookDeliveryListResponse })
  @ApiProblems(404)
  listDeliveries(
    @CurrentPrincipal() principal: ApiKeyPrincipal,
    @Param('endpointId', uuidParam('endpointId')) endpointId: string,
    @Query() query: ListWebhookDeliveriesQueryDto,
  ): Promise<WebhookDeliveryListResponse> {
    return this.webhooks.listDeliveries(principal, endpointId, query);
  }

  @Post('endpoints/:endpointId/recover')
  @OperatorRole('reviewer')
  @HttpCode(202)
  @ApiOperation({
    summary: 'Recover failed deliveries',
    description:
      'Every FAILED delivery of the endpoint created at or after since (and before until) goes back to PENDING with a new cycle of attempts, starting now. 409 WEBHOOK_ENDPOINT_DISABLED while the endpoint is disabled: enable it first.',
  })
  @ApiAcceptedResponse({ type: WebhookDeliveriesRecoveredDto })
  @ApiProblems(404, 409)
  recover(
    @CurrentPrincipal() principal: ApiKeyPrincipal,
    @Param('endpointId', uuidParam('endpointId')) endpointId: string,
    @Body() body: RecoverWebhookDeliveriesRequest,
  ): Promise<WebhookDeliveriesRecoveredDto> {
    return this.webhooks.recover(principal, endpointId, body);
  }

  @Get('deliveries/:deliveryId')
  @OperatorRole('viewer')
  @NoStore()
  @ApiOperation({
    summary: 'Single delivery lookup',
    description: 'With the body sent (null until the first attempt) and every attempt, oldest first.',
  })
  @ApiOkResponse({ type: WebhookDeliveryDetailDto })
  @ApiProblems(404)
  getDelivery(
    @CurrentPrincipal() principal: ApiKeyPrincipal,
    @Param('deliveryId', uuidParam('deliveryId')) deliveryId: string,
  ): Promise<WebhookDeliveryDetailDto> {
    return this.webhooks.getDelivery(principal, deliveryId);
  }

  @Post('deliveries/:deliveryId/resend')
  @OperatorRole('reviewer')
  @HttpCode(202)
  @ApiOperation({
    summary: 'Resend a delivery',
    description:
      'The same event (same webhook-id and body) to the same endpoint: a DELIVERED or FAILED delivery starts a new cycle of attempts now, a PENDING one is tried now. 409 WEBHOOK_ENDPOINT_DISABLED while the endpoint is disabled.',
  })
  @ApiAcceptedResponse({ type: WebhookDeliveryDto })
  @ApiProblems(404, 409)
  resend(
    @CurrentPrincipal() principal: ApiKeyPrincipal,
    @Param('deliveryId', uuidParam('deliveryId')) deliveryId: string,
  ): Promise<WebhookDeliveryDto> {
    return this.webhooks.resend(principal, deliveryId);
  }

  @Get('event-types')
  @OperatorRole('viewer')
  @ApiOperation({ summary: 'Webhook event catalogue', description: 'The event types an endpoint may subscribe to.' })
  @ApiOkResponse({ type: WebhookEventTypesResponse })
  eventTypes(): WebhookEventTypesResponse {
    return this.webhooks.eventTypes();
  }
}
